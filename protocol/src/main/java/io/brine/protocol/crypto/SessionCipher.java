package io.brine.protocol.crypto;

import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * Transport-phase encryption for one session, with explicit nonces so that a dropped message
 * (a queue may drop one at its bound) does not desynchronise the session: Noise §11.4
 * "out-of-order transport messages", where the nonce travels with the message.
 *
 * <p>Sealed frame: 8-byte big-endian nonce || AES-256-GCM ciphertext || 16-byte tag, with
 * zero-length associated data as in Noise's transport phase. {@link #open} accepts only nonces
 * strictly greater than the highest already accepted: messages on one ZMTP connection arrive in
 * order, so that is replay protection without a window. {@code seal} and {@code open} are each
 * thread-safe, under separate locks, since sending and receiving are independent directions.
 *
 * <pre>{@code
 * byte[] frame = session.seal(bytes);          // to the peer
 * byte[] bytes = session.open(receivedFrame);  // throws CryptoException when forged/replayed
 * }</pre>
 */
public final class SessionCipher {
    static final int NONCE_LEN = 8;
    static final int OVERHEAD = NONCE_LEN + AesGcm.TAG_LEN;
    /** Last usable nonce, 2^64-2 as an unsigned long: Noise reserves 2^64-1. */
    static final long LAST_NONCE = -2L;
    private static final byte[] NO_AD = new byte[0];

    private final Object sendLock = new Object();
    private final Object receiveLock = new Object();
    private final AesGcm sender;
    private final AesGcm receiver;
    private long nextSendNonce;
    private boolean sendExhausted;
    private long highestReceived;
    private boolean receivedAny;

    SessionCipher(byte[] sendKey, byte[] receiveKey) {
        this(sendKey, receiveKey, 0);
    }

    /** Tests use firstSendNonce to reach the end of the nonce space without 2^64 calls. */
    SessionCipher(byte[] sendKey, byte[] receiveKey, long firstSendNonce) {
        this.sender = new AesGcm(sendKey);
        this.receiver = new AesGcm(receiveKey);
        this.nextSendNonce = firstSendNonce;
    }

    public byte[] seal(byte[] plaintext) {
        return seal(plaintext, 0, plaintext.length);
    }

    /** Convenience for the hot path: seals plaintext[offset, offset+length). */
    public byte[] seal(byte[] plaintext, int offset, int length) {
        byte[] frame = new byte[sealedLength(length)];
        seal(plaintext, offset, length, frame, 0);
        return frame;
    }

    /** How long the sealed form of {@code plaintextLength} bytes is: nonce, ciphertext and tag. */
    public static int sealedLength(int plaintextLength) {
        return OVERHEAD + plaintextLength;
    }

    /**
     * Seals plaintext[offset, offset+length) into out at outOffset ({@link #sealedLength} bytes), so a caller
     * that frames the result can seal straight into its frame: a file chunk is then not copied once more.
     */
    public void seal(byte[] plaintext, int offset, int length, byte[] out, int outOffset) {
        Objects.checkFromIndexSize(offset, length, plaintext.length);
        Objects.checkFromIndexSize(outOffset, sealedLength(length), out.length);
        synchronized (sendLock) {
            if (sendExhausted) {
                throw new IllegalStateException("send nonces exhausted (2^64-1 frames): rekey with a new handshake");
            }
            long nonce = nextSendNonce;
            for (int i = 0; i < NONCE_LEN; i++) {
                out[outOffset + i] = (byte) (nonce >>> (56 - 8 * i));
            }
            sender.seal(nonce, NO_AD, plaintext, offset, length, out, outOffset + NONCE_LEN);
            // Advance only after a successful seal, and never wrap: a nonce is used at most once.
            if (nonce == LAST_NONCE) {
                sendExhausted = true;
            } else {
                nextSendNonce = nonce + 1;
            }
        }
    }

    /**
     * Authenticates and decrypts a sealed frame. A short frame, a replayed or older nonce, or a
     * failed tag throws CryptoException and leaves the state unchanged.
     */
    public byte[] open(byte[] sealedFrame) throws CryptoException {
        return open(sealedFrame, 0, sealedFrame == null ? 0 : sealedFrame.length);
    }

    /**
     * Opens the sealed frame at buffer[offset, offset+length), where it was received (behind a frame header, say),
     * without copying it out first. Same checks and failures as {@link #open(byte[])}.
     */
    public byte[] open(byte[] buffer, int offset, int length) throws CryptoException {
        synchronized (receiveLock) {
            long nonce = checkedNonce(buffer, offset, length);
            byte[] plaintext = receiver.open(nonce, NO_AD, buffer, offset + NONCE_LEN, length - NONCE_LEN);
            accepted(nonce);
            return plaintext;
        }
    }

    /**
     * Opens the sealed frame at buffer[offset, offset+length) in place and returns a view of the plaintext inside
     * {@code buffer}: a received file chunk is then neither copied nor allocated again. Same checks and failures as
     * {@link #open(byte[])}; after a failure the frame's bytes are garbage (the cipher state is unchanged).
     */
    public ByteBuffer openInPlace(byte[] buffer, int offset, int length) throws CryptoException {
        synchronized (receiveLock) {
            long nonce = checkedNonce(buffer, offset, length);
            int plain = receiver.openInPlace(nonce, NO_AD, buffer, offset + NONCE_LEN, length - NONCE_LEN);
            accepted(nonce);
            return ByteBuffer.wrap(buffer, offset + NONCE_LEN, plain).slice();
        }
    }

    /** The frame's nonce, if the frame is long enough and the nonce is new. */
    private long checkedNonce(byte[] buffer, int offset, int length) throws CryptoException {
        if (buffer == null || length < OVERHEAD) {
            throw new CryptoException("frame too short: " + (buffer == null ? 0 : length)
                    + " bytes, a sealed frame has at least " + OVERHEAD);
        }
        Objects.checkFromIndexSize(offset, length, buffer.length);
        long nonce = 0;
        for (int i = 0; i < NONCE_LEN; i++) {
            nonce = (nonce << 8) | (buffer[offset + i] & 0xff);
        }
        if (Long.compareUnsigned(nonce, LAST_NONCE) > 0) {
            throw new CryptoException("frame uses the reserved nonce 2^64-1");
        }
        if (receivedAny && Long.compareUnsigned(nonce, highestReceived) <= 0) {
            throw new CryptoException("replayed or old nonce " + Long.toUnsignedString(nonce)
                    + ": already accepted up to " + Long.toUnsignedString(highestReceived));
        }
        return nonce;
    }

    private void accepted(long nonce) {
        highestReceived = nonce;
        receivedAny = true;
    }
}
