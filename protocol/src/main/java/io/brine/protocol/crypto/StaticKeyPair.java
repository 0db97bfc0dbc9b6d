package io.brine.protocol.crypto;

import java.security.SecureRandom;
import java.util.Arrays;

/**
 * A long-term or ephemeral X25519 key pair.
 *
 * <pre>{@code
 * StaticKeyPair master = StaticKeyPair.generate();
 * String finger = Fingerprint.of(master.publicKey());
 * }</pre>
 */
public final class StaticKeyPair {
    private final byte[] privateKey;
    private final byte[] publicKey;

    private StaticKeyPair(byte[] privateKey) {
        this.privateKey = privateKey;
        this.publicKey = X25519Dh.publicKeyOf(privateKey);
    }

    /** A fresh pair from a new SecureRandom (not shared: no static mutable state). */
    public static StaticKeyPair generate() {
        return new StaticKeyPair(X25519Dh.newPrivateKey(new SecureRandom()));
    }

    /** The pair for a 32-byte X25519 private key (RFC 7748 scalar, clamped when used); derives the public key. */
    public static StaticKeyPair fromPrivateKey(byte[] private32) {
        if (private32 == null || private32.length != X25519Dh.KEY_LEN) {
            throw new IllegalArgumentException("X25519 private key must be 32 bytes, got "
                    + (private32 == null ? "null" : private32.length));
        }
        return new StaticKeyPair(private32.clone());
    }

    /** Defensive copy, 32 bytes. */
    public byte[] publicKey() {
        return publicKey.clone();
    }

    /** Defensive copy, 32 bytes. */
    public byte[] privateKey() {
        return privateKey.clone();
    }

    byte[] publicKeyNoCopy() {
        return publicKey;
    }

    byte[] privateKeyNoCopy() {
        return privateKey;
    }

    /** Zeroes the private key; only for ephemeral pairs this package created and no longer needs. */
    void destroy() {
        Arrays.fill(privateKey, (byte) 0);
    }

    /** Never prints the private key, so a pair that ends up in a log leaks nothing. */
    @Override
    public String toString() {
        return "StaticKeyPair[" + Fingerprint.of(publicKey) + "]";
    }
}
