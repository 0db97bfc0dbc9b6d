package io.brine.modules;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A digest a source must have, written as Salt's {@code source_hash} writes one: {@code TYPE=HEX} (or
 * {@code TYPE:HEX}) with Salt's names ({@link Digests#NAMES}), or a bare hex digest whose length names its type.
 * The one reading of it for {@code file.managed}, {@code archive.extracted} and {@code cp.cache_file}.
 *
 * <pre>{@code
 * SourceDigest.parse("sha256=9f86d0...").orElseThrow().mismatch(file);  // empty when the file matches
 * }</pre>
 *
 * @param type Salt's name of the digest ({@code sha256})
 * @param hex  the digest, lower case
 */
public record SourceDigest(String type, String hex) {
    private static final Map<Integer, String> TYPE_BY_LENGTH = Map.of(32, "md5", 40, "sha1", 56, "sha224", 64,
            "sha256", 96, "sha384", 128, "sha512");

    /** The digest {@code token} writes; empty when it is none, or its length does not fit the type it names. */
    public static Optional<SourceDigest> parse(String token) {
        if (token == null) {
            return Optional.empty();
        }
        String t = token.strip();
        int sep = Math.max(t.indexOf('='), t.indexOf(':'));
        String hex = (sep > 0 ? t.substring(sep + 1) : t).toLowerCase(Locale.ROOT);
        String type = TYPE_BY_LENGTH.get(hex.length());
        if (type == null || !hex.matches("[0-9a-f]+")) {
            return Optional.empty();
        }
        if (sep > 0 && !t.substring(0, sep).toLowerCase(Locale.ROOT).equals(type)) {
            return Optional.empty();
        }
        return Optional.of(new SourceDigest(type, hex));
    }

    /** The actual digest of {@code content} when it differs from this one; empty when it matches. */
    public Optional<String> mismatch(byte[] content) {
        return differs(HexFormat.of().formatHex(Digests.of(type).digest(content)));
    }

    /** The actual digest of the file when it differs from this one; empty when it matches. Read in chunks. */
    public Optional<String> mismatch(Path file) throws IOException {
        MessageDigest digest = Digests.of(type);
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buffer = new byte[64 * 1024];
            for (int n; (n = in.read(buffer)) > 0; ) {
                digest.update(buffer, 0, n);
            }
        }
        return differs(HexFormat.of().formatHex(digest.digest()));
    }

    private Optional<String> differs(String actual) {
        return actual.equals(hex) ? Optional.empty() : Optional.of(actual);
    }
}
