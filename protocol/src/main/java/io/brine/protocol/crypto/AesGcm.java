package io.brine.protocol.crypto;

import java.security.GeneralSecurityException;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * AES-256-GCM keyed once, with the Noise nonce encoding: 4 zero bytes then the 64-bit counter
 * big-endian. One Cipher instance is reused because Cipher.getInstance is costly; it is re-initialised
 * with the new nonce on every call, so it is not thread-safe (callers synchronise).
 */
final class AesGcm {
    static final int TAG_LEN = 16;

    private final SecretKeySpec key;
    private final Cipher cipher;
    private final byte[] iv = new byte[12];

    AesGcm(byte[] key32) {
        if (key32.length != 32) {
            throw new IllegalArgumentException("AES-256-GCM key must be 32 bytes, got " + key32.length);
        }
        this.key = new SecretKeySpec(key32, "AES");
        try {
            this.cipher = Cipher.getInstance("AES/GCM/NoPadding");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JDK has no AES/GCM/NoPadding", e);
        }
    }

    /** Encrypts in[off, off+len) to out at outOff (len + 16 bytes). */
    void seal(long nonce, byte[] ad, byte[] in, int off, int len, byte[] out, int outOff) {
        try {
            init(Cipher.ENCRYPT_MODE, nonce, ad);
            cipher.doFinal(in, off, len, out, outOff);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM encryption failed", e);
        }
    }

    /** Decrypts and authenticates in[off, off+len), which includes the 16-byte tag. */
    byte[] open(long nonce, byte[] ad, byte[] in, int off, int len) throws CryptoException {
        if (len < TAG_LEN) {
            throw new CryptoException("ciphertext too short: " + len + " bytes, the tag alone is " + TAG_LEN);
        }
        try {
            init(Cipher.DECRYPT_MODE, nonce, ad);
            return cipher.doFinal(in, off, len);
        } catch (AEADBadTagException e) {
            throw new CryptoException("AES-GCM tag check failed: frame forged, corrupted or under another key", e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM decryption failed", e);
        }
    }

    /**
     * Decrypts and authenticates in[off, off+len) where it lies: the plaintext (len - 16 bytes) overwrites the
     * ciphertext from {@code off}. The JDK's GCM then allocates nothing. After a failure the bytes are garbage.
     */
    int openInPlace(long nonce, byte[] ad, byte[] buf, int off, int len) throws CryptoException {
        if (len < TAG_LEN) {
            throw new CryptoException("ciphertext too short: " + len + " bytes, the tag alone is " + TAG_LEN);
        }
        try {
            init(Cipher.DECRYPT_MODE, nonce, ad);
            return cipher.doFinal(buf, off, len, buf, off);
        } catch (AEADBadTagException e) {
            throw new CryptoException("AES-GCM tag check failed: frame forged, corrupted or under another key", e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM decryption failed", e);
        }
    }

    private void init(int mode, long nonce, byte[] ad) throws GeneralSecurityException {
        for (int i = 0; i < 8; i++) {
            iv[4 + i] = (byte) (nonce >>> (56 - 8 * i));
        }
        cipher.init(mode, key, new GCMParameterSpec(TAG_LEN * 8, iv));
        if (ad.length > 0) {
            cipher.updateAAD(ad);
        }
    }
}
