package io.brine.modules.file;

import io.brine.functions.StateContext;
import io.brine.modules.SourceDigest;
import io.brine.modules.Sources;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The checksum a {@code file.managed} source must have, from {@code source_hash} written as Salt
 * accepts it: {@code sha256=<hex>} (or md5, sha1, sha224, sha384, sha512), a bare hex digest whose
 * length names its type, or the URL of a hash file ({@code brine://}, {@code salt://}, a local path, or an
 * {@code http(s)://} URL fetched through {@code cp.cache_file})
 * with lines such as {@code <hex>  <filename>}. In a hash file the line naming
 * {@code source_hash_name}, or else the source or managed file, wins (the longest digest if several);
 * with no such line the first digest in the file is taken.
 *
 * <pre>{@code
 * SourceHash.parse("sha256=9f86d0...", request, ctx).mismatch(bytes);  // empty when it matches
 * }</pre>
 */
final class SourceHash {
    private SourceHash() {
    }

    /** Where the expected hash is looked up: the source used and the managed file's path. */
    record Request(String source, String name, Optional<String> hashName) {}

    /** Thrown for a source_hash that cannot be read: a failed state, with the reason. */
    static final class Invalid extends Exception {
        Invalid(String message) {
            super(message);
        }
    }

    static SourceDigest parse(String spec, Request request, StateContext ctx) throws IOException, Invalid {
        String text = spec.strip();
        if (text.contains("://") || text.startsWith("/")) {
            Path local = hashFile(text, ctx).orElseThrow(() -> new Invalid("Source hash file " + text + " not found"));
            return fromHashFile(Files.readString(local, StandardCharsets.UTF_8), request)
                    .orElseThrow(() -> new Invalid("Source hash file " + text + " contains no valid hash"));
        }
        return SourceDigest.parse(text).orElseThrow(() -> new Invalid("Invalid source_hash '" + text + "': expected TYPE=HEX "
                + "(md5, sha1, sha224, sha256, sha384, sha512), a bare hex digest or the URL of a hash file"));
    }

    /** A hash file from the state tree, the minion's disk, or the web (through {@code cp.cache_file}). */
    private static Optional<Path> hashFile(String text, StateContext ctx) throws IOException, Invalid {
        if (!Sources.isWeb(text)) {
            return Sources.resolve(text, ctx.files());
        }
        try {
            return Optional.of(Sources.fetchWeb(text, null, ctx));
        } catch (io.brine.functions.FunctionException e) {
            throw new Invalid("Source hash file " + text + " cannot be fetched: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Invalid("Interrupted while fetching the source hash file " + text);
        }
    }

    private static Optional<SourceDigest> fromHashFile(String content, Request request) {
        SourceDigest first = null;
        SourceDigest named = null;
        int namedRank = Integer.MAX_VALUE;
        for (String line : content.split("\n")) {
            List<String> tokens = List.of(line.strip().split("\\s+"));
            Optional<SourceDigest> found = Optional.empty();
            StringBuilder fileName = new StringBuilder();
            for (String token : tokens) {
                Optional<SourceDigest> d = found.isEmpty() ? SourceDigest.parse(token) : Optional.empty();
                if (d.isPresent()) {
                    found = d;
                } else if (!token.isEmpty()) {
                    fileName.append(fileName.length() == 0 ? "" : " ").append(token);
                }
            }
            if (found.isEmpty()) {
                continue;
            }
            if (first == null) {
                first = found.get();
            }
            int rank = rank(fileName.toString().replaceFirst("^\\*", ""), request);
            if (rank < namedRank || rank == namedRank && named != null && found.get().hex().length() > named.hex().length()) {
                named = found.get();
                namedRank = rank;
            }
        }
        return Optional.ofNullable(named != null && namedRank < 4 ? named : first);
    }

    /** How well a hash file's file name fits: 1 source_hash_name, 2 the source or name, 3 their base name, 4 no fit. */
    private static int rank(String fileName, Request request) {
        if (fileName.isEmpty()) {
            return 4;
        }
        if (request.hashName().filter(fileName::equals).isPresent()) {
            return 1;
        }
        if (fileName.equals(request.source()) || fileName.equals(request.name())) {
            return 2;
        }
        String base = baseName(fileName);
        return base.equals(baseName(request.source())) || base.equals(baseName(request.name())) ? 3 : 4;
    }

    private static String baseName(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }
}
