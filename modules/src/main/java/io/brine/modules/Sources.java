package io.brine.modules;

import io.brine.functions.StateFiles;
import io.brine.functions.FunctionException;
import io.brine.functions.StateContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Resolves a state's {@code source} to a local file: {@code brine://path} (or Salt's
 * {@code salt://path}, so Salt trees work unchanged) comes from the state tree, an absolute path
 * from the minion's own disk. A state that takes web sources ({@code archive.extracted},
 * {@code file.managed}) fetches an {@code http(s)://} one through {@link #fetchWeb}; other schemes are refused.
 */
public final class Sources {
    private static final String[] TREE_SCHEMES = {"brine://", "salt://"};

    private Sources() {}

    /** Whether the source is an {@code http://} or {@code https://} URL. */
    public static boolean isWeb(String source) {
        String s = source == null ? "" : source.toLowerCase(java.util.Locale.ROOT);
        return s.startsWith("http://") || s.startsWith("https://");
    }

    /**
     * A web source, through {@code cp.cache_file} as Salt's states fetch one: the minion's {@code http_allow} and
     * function policy hold, and a cached copy matching {@code sourceHash} (may be null) is used as it is.
     *
     * @throws FunctionException with the reason it could not be fetched
     */
    public static Path fetchWeb(String url, String sourceHash, StateContext ctx)
            throws FunctionException, InterruptedException {
        Map<String, Object> kwargs = new java.util.LinkedHashMap<>();
        kwargs.put("path", url);
        if (sourceHash != null && !sourceHash.isBlank()) {
            kwargs.put("source_hash", sourceHash);
        }
        return Path.of(String.valueOf(ctx.call("cp.cache_file", kwargs).ret()));
    }

    /** The local file, or empty when the source does not exist; throws for an unusable source. */
    public static Optional<Path> resolve(String source, StateFiles files) throws IOException {
        for (String scheme : TREE_SCHEMES) {
            if (source.startsWith(scheme)) {
                return files.fetch(source.substring(scheme.length()));
            }
        }
        if (source.startsWith("file://")) {
            source = source.substring("file://".length());
        }
        if (source.startsWith("/")) {
            Path local = Path.of(source);
            return Files.isRegularFile(local) ? Optional.of(local) : Optional.empty();
        }
        throw new IOException("unsupported source '" + source + "': use brine://path or an absolute local path"
                + (isWeb(source) ? " (this state does not fetch from the web)" : ""));
    }
}
