package io.brine.protocol.crypto;

/**
 * Readies what a handshake needs before it is needed: the JDK's SecureRandom, SHA-256, HMAC-SHA256 and
 * AES-GCM (the first lookup of each through the JCA's providers) and BouncyCastle's X25519. Done on a thread of
 * its own while a short-lived client still reads its command line and configuration, it takes about 0.1 s of
 * one core off the client's path to its master (measured on the CLI's first handshake); on a busy machine, more.
 * Nothing is kept: every key made here is thrown away.
 *
 * <pre>{@code
 * Thread warm = new Thread(CryptoWarmUp::run, "crypto-warm-up");
 * warm.setDaemon(true);
 * warm.start();
 * }</pre>
 */
public final class CryptoWarmUp {
    private CryptoWarmUp() {
    }

    /** Makes a key pair and runs the symmetric half of a handshake over it, then forgets both. */
    public static void run() {
        StaticKeyPair throwaway = StaticKeyPair.generate();
        SymmetricState state = new SymmetricState(NoiseXX.PROTOCOL_NAME);
        state.mixHash(throwaway.publicKeyNoCopy());
        state.mixKey(throwaway.publicKeyNoCopy());
        state.encryptAndHash(new byte[0]);
    }
}
