package io.brine.states;

import io.brine.functions.StateFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * {@code file_roots} on local disk, in Salt's shape: several roots, the first that holds a path wins.
 *
 * <p>Any path that would leave the roots is refused with an {@link IOException} naming it: a
 * {@code ..} segment, an absolute path, or a symlink whose real target lies outside the root. The
 * check is on the resolved real path because a lexical check alone is defeated by one symlink.
 *
 * <pre>{@code
 * StateFiles files = new DirectoryStateFiles(List.of(Path.of("/srv/brine"), Path.of("/srv/shared")));
 * }</pre>
 */
public final class DirectoryStateFiles implements StateFiles {
    private final List<Path> roots;

    public DirectoryStateFiles(List<Path> roots) {
        if (roots == null || roots.isEmpty()) {
            throw new IllegalArgumentException("DirectoryStateFiles needs at least one root");
        }
        this.roots = roots.stream().map(r -> r.toAbsolutePath().normalize()).toList();
    }

    @Override
    public Optional<String> readText(String relativePath) throws IOException {
        Optional<Path> file = fetch(relativePath);
        return file.isEmpty() ? Optional.empty() : Optional.of(Files.readString(file.get(), StandardCharsets.UTF_8));
    }

    @Override
    public Optional<Path> fetch(String relativePath) throws IOException {
        checkLexically(relativePath);
        for (Path root : roots) {
            Path candidate = root.resolve(relativePath);
            if (!Files.exists(candidate)) {
                continue;
            }
            Path real = candidate.toRealPath();
            if (!real.startsWith(root.toRealPath())) {
                throw new IOException("refused '" + relativePath + "': it resolves outside the file root " + root);
            }
            if (Files.isRegularFile(real)) {
                return Optional.of(real);
            }
        }
        return Optional.empty();
    }

    @Override
    public Optional<List<String>> list(String relativeDir) throws IOException {
        String dir = relativeDir.replaceAll("/+$", "");
        checkLexically(dir);
        TreeSet<String> entries = new TreeSet<>();
        boolean found = false;
        for (Path root : roots) {
            Path candidate = root.resolve(dir);
            if (!Files.isDirectory(candidate)) {
                continue;
            }
            Path real = candidate.toRealPath();
            if (!real.startsWith(root.toRealPath())) {
                throw new IOException("refused '" + relativeDir + "': it resolves outside the file root " + root);
            }
            found = true;
            // links are not followed: a link's target is checked when the file is fetched through its path
            try (Stream<Path> walk = Files.walk(real)) {
                for (Path p : (Iterable<Path>) walk.skip(1)::iterator) {
                    String rel = real.relativize(p).toString().replace('\\', '/');
                    entries.add(Files.isDirectory(p) ? rel + "/" : rel);
                }
            }
        }
        return found ? Optional.of(List.copyOf(entries)) : Optional.empty();
    }

    private static void checkLexically(String relativePath) throws IOException {
        if (relativePath == null || relativePath.isEmpty()) {
            throw new IOException("refused an empty path");
        }
        if (relativePath.startsWith("/") || relativePath.startsWith("\\") || Path.of(relativePath).isAbsolute()) {
            throw new IOException("refused '" + relativePath + "': absolute paths leave the file roots");
        }
        for (String segment : relativePath.split("[/\\\\]")) {
            if (segment.equals("..")) {
                throw new IOException("refused '" + relativePath + "': '..' leaves the file roots");
            }
        }
        if (relativePath.indexOf('\0') >= 0) {
            throw new IOException("refused a path containing a NUL byte");
        }
    }

    @Override
    public String toString() {
        return "DirectoryStateFiles" + roots;
    }
}
