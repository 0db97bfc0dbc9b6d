package io.brine.fileserver;

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
public final class RootedFiles {
    /** A path that would leave the roots; never served, whatever exists there. */
    public static final class Escape extends Exception {
        Escape(String path) {
            super("path '" + path + "' leaves the roots");
        }
    }

    private final List<Path> roots;

    public RootedFiles(List<Path> roots) {
        this.roots = List.copyOf(roots);
    }

    public Optional<Path> find(String relative) throws Escape, IOException {
        if (relative.isEmpty()) {
            throw new Escape(relative);
        }
        checkLexically(relative);
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

    private static void checkLexically(String relative) throws Escape {
        if (relative.startsWith("/") || relative.contains("\\") || relative.contains("\0")) {
            throw new Escape(relative);
        }
        for (String segment : relative.split("/")) {
            if (segment.equals("..")) {
                throw new Escape(relative);
            }
        }
    }

    /**
     * Everything below a directory ({@code ""} for the whole tree), merged over the roots: paths relative to it,
     * sorted, directories ending in '/'. Links are listed but not followed, so nothing outside a root is walked; a
     * link's target is checked when the file is fetched. Empty when no root holds the directory; stops with
     * {@link TooMany} as soon as the entries pass {@code maxEntries} or their encoded size {@code maxBytes}, so
     * nothing larger than one reply is ever held.
     */
    public Optional<List<String>> list(String relative, int maxEntries, long maxBytes) throws Escape, IOException, TooMany {
        String dir = relative.replaceAll("/+$", "");
        checkLexically(dir);
        java.util.TreeSet<String> entries = new java.util.TreeSet<>();
        long bytes = 0;
        boolean found = false;
        for (Path root : roots) {
            Path candidate = dir.isEmpty() ? root : root.resolve(dir).normalize();
            if (!Files.isDirectory(candidate)) {
                continue;
            }
            Path real = candidate.toRealPath();
            if (!real.startsWith(root.toRealPath())) {
                throw new Escape(relative);
            }
            found = true;
            try (java.util.stream.Stream<Path> walk = Files.walk(real)) {
                for (Path p : (Iterable<Path>) walk.skip(1)::iterator) {
                    String rel = real.relativize(p).toString();
                    String entry = Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS) ? rel + "/" : rel;
                    if (entries.add(entry)) {
                        bytes += encodedSize(entry);
                    }
                    if (entries.size() > maxEntries || bytes > maxBytes) {
                        throw new TooMany();
                    }
                }
            }
        }
        return found ? Optional.of(List.copyOf(entries)) : Optional.empty();
    }

    /** At most what an entry takes in a reply: UTF-8 (up to 3 bytes per char) and its msgpack header. */
    public static long encodedSize(String entry) {
        return entry.length() * 3L + 5;
    }

    /** A directory with more entries than one listing may hold. */
    public static final class TooMany extends Exception {
        TooMany() {
            super("too many entries", null, false, false);
        }
    }
}
