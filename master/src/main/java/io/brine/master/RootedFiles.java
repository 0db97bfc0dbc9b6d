package io.brine.master;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Finds relative paths under a list of root directories (Salt's roots: the first root holding the file
 * wins), refusing any path that leaves them: absolute paths, {@code ..} segments, and symbolic links that
 * resolve outside the root they were found in.
 */
final class RootedFiles {
    /** A path that would leave the roots; never served, whatever exists there. */
    static final class Escape extends Exception {
        Escape(String path) {
            super("path '" + path + "' leaves the roots");
        }
    }

    private final List<Path> roots;

    RootedFiles(List<Path> roots) {
        this.roots = List.copyOf(roots);
    }

    Optional<Path> find(String relative) throws Escape, IOException {
        if (relative.isEmpty() || relative.startsWith("/") || relative.contains("\\") || relative.contains("\0")) {
            throw new Escape(relative);
        }
        for (String segment : relative.split("/")) {
            if (segment.equals("..")) {
                throw new Escape(relative);
            }
        }
        for (Path root : roots) {
            Path candidate = root.resolve(relative).normalize();
            if (!Files.exists(candidate, LinkOption.NOFOLLOW_LINKS)) {
                continue;
            }
            Path realRoot = root.toRealPath();
            Path real = candidate.toRealPath();
            if (!real.startsWith(realRoot)) {
                throw new Escape(relative);
            }
            if (Files.isRegularFile(real)) {
                return Optional.of(real);
            }
        }
        return Optional.empty();
    }
}
