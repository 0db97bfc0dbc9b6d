package io.brine.protocol.crypto;

import java.util.Arrays;
import java.util.Base64;

/**
 * DER and PEM for X25519 keys per RFC 8410: PKCS#8 PrivateKeyInfo and X.509
 * SubjectPublicKeyInfo, the forms {@code openssl pkey} reads and writes. Both are a fixed prefix
 * followed by the 32 key bytes, so no general ASN.1 parser is needed (or wanted: less to attack).
 */
final class KeyEncoding {
    static final String PRIVATE_LABEL = "PRIVATE KEY";
    static final String PUBLIC_LABEL = "PUBLIC KEY";

    /** SEQUENCE { INTEGER 0, SEQUENCE { OID 1.3.101.110 }, OCTET STRING { OCTET STRING (32) } }. */
    private static final byte[] PKCS8_PREFIX = {
        0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x6e, 0x04, 0x22, 0x04, 0x20
    };
    /** SEQUENCE { SEQUENCE { OID 1.3.101.110 }, BIT STRING (0 unused bits, 32 bytes) }. */
    private static final byte[] SPKI_PREFIX = {
        0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x6e, 0x03, 0x21, 0x00
    };

    private KeyEncoding() {}

    static String privateKeyPem(byte[] privateKey) {
        byte[] der = concat(PKCS8_PREFIX, privateKey);
        try {
            return pem(PRIVATE_LABEL, der);
        } finally {
            Arrays.fill(der, (byte) 0);
        }
    }

    static String publicKeyPem(byte[] publicKey) {
        return pem(PUBLIC_LABEL, concat(SPKI_PREFIX, publicKey));
    }

    /** The 32 private key bytes; throws IllegalArgumentException saying what is wrong. */
    static byte[] parsePrivateKeyPem(String pem) {
        byte[] der = unpem(PRIVATE_LABEL, pem);
        try {
            return keyAfter(PKCS8_PREFIX, der, "PKCS#8 X25519 private key");
        } finally {
            Arrays.fill(der, (byte) 0);
        }
    }

    static byte[] parsePublicKeyPem(String pem) {
        return keyAfter(SPKI_PREFIX, unpem(PUBLIC_LABEL, pem), "X.509 X25519 public key");
    }

    private static String pem(String label, byte[] der) {
        String body = Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der);
        return "-----BEGIN " + label + "-----\n" + body + "\n-----END " + label + "-----\n";
    }

    private static byte[] unpem(String label, String pem) {
        String begin = "-----BEGIN " + label + "-----";
        String end = "-----END " + label + "-----";
        int from = pem.indexOf(begin);
        if (from < 0) {
            throw new IllegalArgumentException("no '" + begin + "' line");
        }
        int to = pem.indexOf(end, from);
        if (to < 0) {
            throw new IllegalArgumentException("no '" + end + "' line");
        }
        String body = pem.substring(from + begin.length(), to).replaceAll("\\s", "");
        try {
            return Base64.getDecoder().decode(body);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("invalid base64 between the PEM lines: " + e.getMessage());
        }
    }

    private static byte[] keyAfter(byte[] prefix, byte[] der, String what) {
        int keyLen = X25519Dh.KEY_LEN;
        if (der.length != prefix.length + keyLen
                || !Arrays.equals(der, 0, prefix.length, prefix, 0, prefix.length)) {
            throw new IllegalArgumentException("not an RFC 8410 " + what + " (" + der.length
                    + " DER bytes; expected " + (prefix.length + keyLen) + " with OID 1.3.101.110)");
        }
        return Arrays.copyOfRange(der, prefix.length, der.length);
    }

    private static byte[] concat(byte[] prefix, byte[] key) {
        if (key.length != X25519Dh.KEY_LEN) {
            throw new IllegalArgumentException("X25519 key must be 32 bytes, got " + key.length);
        }
        byte[] out = Arrays.copyOf(prefix, prefix.length + key.length);
        System.arraycopy(key, 0, out, prefix.length, key.length);
        return out;
    }
}
