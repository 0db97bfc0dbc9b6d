package io.brine.protocol.crypto;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** Noise §5.2 SymmetricState with HASH = SHA-256 (HASHLEN 32) and HKDF per §4.3 on HMAC-SHA256. */
final class SymmetricState {
    static final int HASH_LEN = 32;

    private final MessageDigest sha256;
    private final Mac hmac;
    private final CipherState cipher = new CipherState();
    private byte[] ck;
    private byte[] h;

    SymmetricState(String protocolName) {
        try {
            sha256 = MessageDigest.getInstance("SHA-256");
            hmac = Mac.getInstance("HmacSHA256");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JDK lacks SHA-256 or HmacSHA256", e);
        }
        byte[] name = protocolName.getBytes(StandardCharsets.US_ASCII);
        // InitializeSymmetric: a name of at most HASHLEN bytes is zero-padded, a longer one hashed.
        h = name.length <= HASH_LEN ? Arrays.copyOf(name, HASH_LEN) : sha256.digest(name);
        ck = h.clone();
    }

    void mixKey(byte[] inputKeyMaterial) {
        byte[][] out = hkdf(inputKeyMaterial);
        Arrays.fill(ck, (byte) 0);
        ck = out[0];
        // HASHLEN is 32, the AES-256 key length, so temp_k needs no truncation.
        cipher.initializeKey(out[1]);
        Arrays.fill(out[1], (byte) 0);
    }

    void mixHash(byte[] data) {
        sha256.update(h);
        sha256.update(data);
        h = sha256.digest();
    }

    boolean hasKey() {
        return cipher.hasKey();
    }

    byte[] encryptAndHash(byte[] plaintext) {
        byte[] ciphertext = cipher.encryptWithAd(h, plaintext);
        mixHash(ciphertext);
        return ciphertext;
    }

    byte[] decryptAndHash(byte[] ciphertext) throws CryptoException {
        byte[] plaintext = cipher.decryptWithAd(h, ciphertext);
        mixHash(ciphertext);
        return plaintext;
    }

    /** Returns {k1, k2}: the initiator sends with k1, the responder with k2. Clears the chaining key. */
    byte[][] split() {
        byte[][] keys = hkdf(new byte[0]);
        Arrays.fill(ck, (byte) 0);
        return keys;
    }

    byte[] handshakeHash() {
        return h.clone();
    }

    /** HKDF(ck, ikm, 2) exactly as Noise §4.3 defines it (not RFC 5869's info/length form). */
    private byte[][] hkdf(byte[] inputKeyMaterial) {
        byte[] tempKey = hmac(ck, inputKeyMaterial);
        byte[] out1 = hmac(tempKey, new byte[] {0x01});
        byte[] in2 = Arrays.copyOf(out1, HASH_LEN + 1);
        in2[HASH_LEN] = 0x02;
        byte[] out2 = hmac(tempKey, in2);
        Arrays.fill(tempKey, (byte) 0);
        Arrays.fill(in2, (byte) 0);
        return new byte[][] {out1, out2};
    }

    private byte[] hmac(byte[] key, byte[] data) {
        try {
            hmac.init(new SecretKeySpec(key, "HmacSHA256"));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA256 rejected a 32-byte key", e);
        }
        return hmac.doFinal(data);
    }
}
