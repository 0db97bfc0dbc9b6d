package io.brine.modules.archive;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Optional;

/**
 * Salt's {@code source_hash}: {@code sha256=HEX} (or {@code sha256:HEX}), or a bare hex digest
 * whose length tells the algorithm.
 */
record SourceHash(String algorithm, String hex) {
    static SourceHash parse(String text) {
        String t = text.strip();
        int sep = Math.max(t.indexOf('='), t.indexOf(':'));
        String algo = sep > 0 ? t.substring(0, sep) : byLength(t.length());
        String hex = (sep > 0 ? t.substring(sep + 1) : t).toLowerCase(Locale.ROOT);
        if (!hex.matches("[0-9a-f]+")) {
            throw new IllegalArgumentException("source_hash must be hexadecimal, got '" + text + "'");
        }
        String javaName = switch (algo.toLowerCase(Locale.ROOT)) {
            case "md5" -> "MD5";
            case "sha1" -> "SHA-1";
            case "sha224" -> "SHA-224";
            case "sha256" -> "SHA-256";
            case "sha384" -> "SHA-384";
            case "sha512" -> "SHA-512";
            default -> throw new IllegalArgumentException("unsupported hash type '" + algo + "'");
        };
        return new SourceHash(javaName, hex);
    }

    private static String byLength(int length) {
        return switch (length) {
            case 32 -> "md5";
            case 40 -> "sha1";
            case 56 -> "sha224";
            case 64 -> "sha256";
            case 96 -> "sha384";
            case 128 -> "sha512";
            default -> throw new IllegalArgumentException("cannot tell the hash type of a " + length + "-digit source_hash");
        };
    }

    /** The file's actual digest when it differs from this one; empty when it matches. */
    Optional<String> mismatch(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest digest = MessageDigest.getInstance(algorithm);
            byte[] buffer = new byte[64 * 1024];
            int n;
            while ((n = in.read(buffer)) > 0) {
                digest.update(buffer, 0, n);
            }
            String actual = HexFormat.of().formatHex(digest.digest());
            return actual.equals(hex) ? Optional.empty() : Optional.of(actual);
        } catch (NoSuchAlgorithmException e) {
            throw new IOException("hash " + algorithm + " unavailable", e);
        }
    }
}
