package io.brine.protocol.crypto;

/**
 * Thrown for every handshake or decryption failure: a bad length, a failed AEAD tag, an
 * out-of-turn handshake message, a replayed or old nonce, a low-order public key. The message
 * says which, so that the caller can log a reason without having to guess.
 *
 * <pre>{@code
 * try {
 *   byte[] plain = session.open(frame);
 * } catch (CryptoException e) {
 *   log.warn("dropping frame from {}: {}", peer, e.getMessage());
 * }
 * }</pre>
 */
public final class CryptoException extends Exception {
    private static final long serialVersionUID = 1L;

    public CryptoException(String msg) {
        super(msg);
    }

    public CryptoException(String msg, Throwable cause) {
        super(msg, cause);
    }
}
