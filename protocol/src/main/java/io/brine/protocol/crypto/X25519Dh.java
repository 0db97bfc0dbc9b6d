package io.brine.protocol.crypto;

import java.security.SecureRandom;
import org.bouncycastle.math.ec.rfc7748.X25519;

/** The Noise DH functions for Curve25519, on BouncyCastle's lightweight X25519 (faster than JDK XDH). */
final class X25519Dh {
    static final int KEY_LEN = 32;

    private X25519Dh() {}

    static byte[] newPrivateKey(SecureRandom random) {
        byte[] k = new byte[KEY_LEN];
        X25519.generatePrivateKey(random, k);
        return k;
    }

    static byte[] publicKeyOf(byte[] privateKey) {
        byte[] pub = new byte[KEY_LEN];
        X25519.generatePublicKey(privateKey, 0, pub, 0);
        return pub;
    }

    /**
     * DH(private, public). Noise makes rejecting an all-zero result optional; we reject it because
     * it only happens when the peer sent a low-order point, and then the "shared" secret is a
     * constant the attacker knows: accepting it would let a man in the middle force both sides'
     * ee/es/se contributions to a value it can predict.
     */
    static byte[] agree(byte[] privateKey, byte[] publicKey) throws CryptoException {
        if (publicKey.length != KEY_LEN) {
            throw new CryptoException("X25519 public key must be " + KEY_LEN + " bytes, got " + publicKey.length);
        }
        byte[] out = new byte[KEY_LEN];
        if (!X25519.calculateAgreement(privateKey, 0, publicKey, 0, out, 0)) {
            throw new CryptoException("X25519 gave an all-zero shared secret: the peer's public key is a low-order point");
        }
        return out;
    }
}
