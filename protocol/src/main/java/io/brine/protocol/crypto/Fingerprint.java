package io.brine.protocol.crypto;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;

/**
 * SHA-256 fingerprint of a 32-byte public key, as lowercase hex pairs joined by ':' (95 chars).
 * This exact form is what operators paste into a minion's {@code master_finger}.
 *
 * <pre>{@code
 * if (!Fingerprint.matches(config.masterFinger(), masterPublicKey)) {
 *   refuse("master key does not match master_finger");
 * }
 * }</pre>
 */
public final class Fingerprint {
    private static final int DIGEST_LEN = 32;
    private static final int PLAIN_LEN = DIGEST_LEN * 2;
    private static final int COLON_LEN = DIGEST_LEN * 3 - 1;

    private Fingerprint() {}

    public static String of(byte[] publicKey) {
        if (publicKey == null || publicKey.length != X25519Dh.KEY_LEN) {
            throw new IllegalArgumentException("public key must be 32 bytes, got "
                    + (publicKey == null ? "null" : publicKey.length));
        }
        return HexFormat.ofDelimiter(":").formatHex(sha256(publicKey));
    }

    /** Accepts upper/lower case, with or without colons; false for malformed input (never throws). */
    public static boolean matches(String fingerprint, byte[] publicKey) {
        byte[] expected = decode(fingerprint);
        if (expected == null || publicKey == null || publicKey.length != X25519Dh.KEY_LEN) {
            return false;
        }
        return MessageDigest.isEqual(expected, sha256(publicKey));
    }

    /** True when the string is a well-formed fingerprint (with or without colons). */
    public static boolean isWellFormed(String fingerprint) {
        return decode(fingerprint) != null;
    }

    /**
     * The digest bytes, or null. Only two shapes are accepted, 64 hex digits or 32 colon-separated
     * pairs, so that a mangled paste (a dropped digit, a stray colon) is reported, not half-matched.
     */
    private static byte[] decode(String fingerprint) {
        if (fingerprint == null) {
            return null;
        }
        String s = fingerprint.strip().toLowerCase(Locale.ROOT);
        String hex;
        if (s.length() == COLON_LEN) {
            StringBuilder digits = new StringBuilder(PLAIN_LEN);
            for (int i = 0; i < s.length(); i++) {
                boolean colonSlot = i % 3 == 2;
                if (colonSlot != (s.charAt(i) == ':')) {
                    return null;
                }
                if (!colonSlot) {
                    digits.append(s.charAt(i));
                }
            }
            hex = digits.toString();
        } else if (s.length() == PLAIN_LEN) {
            hex = s;
        } else {
            return null;
        }
        for (int i = 0; i < hex.length(); i++) {
            char c = hex.charAt(i);
            // Not Character.digit: it accepts non-ASCII digits, which parseHex would then reject.
            if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
                return null;
            }
        }
        return HexFormat.of().parseHex(hex);
    }

    private static byte[] sha256(byte[] data) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(data);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JDK has no SHA-256", e);
        }
    }
}
