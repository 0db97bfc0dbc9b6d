package io.brine.modules;

import io.brine.functions.StateFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Resolves a state's {@code source} to a local file: {@code brine://path} (or Salt's
 * {@code salt://path}, so Salt trees work unchanged) comes from the state tree, an absolute path
 * from the minion's own disk. Other schemes are refused: the minion does not fetch from the web.
 */
public final class Sources {
    private static final String[] TREE_SCHEMES = {"brine://", "salt://"};

    private Sources() {}

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
        throw new IOException("unsupported source '" + source + "': use brine://path or an absolute local path");
    }
}
