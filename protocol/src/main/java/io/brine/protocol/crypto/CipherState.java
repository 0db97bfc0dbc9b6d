package io.brine.protocol.crypto;

import java.util.Arrays;

/** Noise §5.1 CipherState, used only during the handshake (transport uses {@link SessionCipher}). */
final class CipherState {
    /** 2^64-1 is reserved by Noise; as an unsigned long it is -1. */
    private static final long RESERVED_NONCE = -1L;

    private AesGcm aead;
    private long n;

    void initializeKey(byte[] key) {
        aead = new AesGcm(key);
        n = 0;
    }

    boolean hasKey() {
        return aead != null;
    }

    byte[] encryptWithAd(byte[] ad, byte[] plaintext) {
        if (aead == null) {
            return plaintext.clone();
        }
        checkNonce();
        byte[] out = new byte[plaintext.length + AesGcm.TAG_LEN];
        aead.seal(n, ad, plaintext, 0, plaintext.length, out, 0);
        n++;
        return out;
    }

    byte[] decryptWithAd(byte[] ad, byte[] ciphertext) throws CryptoException {
        if (aead == null) {
            return Arrays.copyOf(ciphertext, ciphertext.length);
        }
        checkNonce();
        byte[] plain = aead.open(n, ad, ciphertext, 0, ciphertext.length);
        n++;
        return plain;
    }

    private void checkNonce() {
        if (n == RESERVED_NONCE) {
            throw new IllegalStateException("handshake cipher nonce exhausted");
        }
    }
}
