package io.brine.modules.ssh;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Optional;

/**
 * Public key fingerprints as Salt reports them: a digest of the decoded key in colon-separated hex (SHA-256
 * unless {@code fingerprint_hash_type} says otherwise). A key that is not valid base64 has none, which is also
 * how a malformed key is told apart.
 */
final class Fingerprints {
    private Fingerprints() {}

    /** The decoded key, or empty when the text is not strict base64. */
    static Optional<byte[]> decode(String key) {
        try {
            return Optional.of(Base64.getDecoder().decode(key));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    static boolean isValidKey(String key) {
        return decode(key).filter(bytes -> bytes.length > 0).isPresent();
    }

    /**
     * {@code aa:bb:...} of the key with the named digest ({@code md5}, {@code sha1}, {@code sha256}...; null means
     * sha256), or empty for an invalid key.
     *
     * @throws IllegalArgumentException naming a digest the JDK does not offer
     */
    static Optional<String> of(String key, String hashType) {
        MessageDigest digest = digest(hashType);
        return decode(key).map(bytes -> HexFormat.ofDelimiter(":").formatHex(digest.digest(bytes)));
    }

    /**
     * Whether {@code given} is this key's fingerprint: Salt's colon-hex form in {@code hashType}, or OpenSSH's own
     * {@code SHA256:base64} (and {@code MD5:hex}) form as ssh-keygen -l prints it.
     */
    static boolean matches(String key, String given, String hashType) {
        Optional<byte[]> raw = decode(key);
        if (raw.isEmpty()) {
            return false;
        }
        if (given.startsWith("SHA256:")) {
            String b64 = Base64.getEncoder().withoutPadding().encodeToString(digest("sha256").digest(raw.get()));
            return b64.equals(given.substring("SHA256:".length()).replaceAll("=+$", ""));
        }
        if (given.startsWith("MD5:")) {
            return of(key, "md5").orElseThrow().equalsIgnoreCase(given.substring("MD5:".length()));
        }
        return of(key, hashType).orElseThrow().equalsIgnoreCase(given);
    }

    /** Throws naming a digest the JDK does not offer, so a typo fails before anything is compared. */
    static void requireSupported(String hashType) {
        digest(hashType);
    }

    private static MessageDigest digest(String hashType) {
        String name = hashType == null || hashType.isBlank() ? "sha256" : hashType.toLowerCase(Locale.ROOT);
        String jdk = switch (name) {
            case "md5" -> "MD5";
            case "sha1" -> "SHA-1";
            case "sha224" -> "SHA-224";
            case "sha256" -> "SHA-256";
            case "sha384" -> "SHA-384";
            case "sha512" -> "SHA-512";
            default -> throw new IllegalArgumentException("The fingerprint_hash_type " + name + " is not supported.");
        };
        try {
            return MessageDigest.getInstance(jdk);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalArgumentException("The fingerprint_hash_type " + name + " is not supported.", e);
        }
    }
}
