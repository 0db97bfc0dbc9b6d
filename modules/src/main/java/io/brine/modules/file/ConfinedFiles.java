package io.brine.modules.file;

import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.fileserver.DirectoryHandles;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Opens files under {@code file_roots_allowed} the way {@code openat(2)} with {@code O_NOFOLLOW} would: from an open
 * handle on the allowed directory, one path component at a time, never following a symbolic link. Checking a path
 * and then opening it by name left a window: a local user who owns a directory inside an allowed root swapped it
 * for a link between the two, and a root-only file was read and a file written outside the roots. Here what is
 * opened is what was checked, because nothing is looked up by name twice.
 *
 * <p>Any symbolic link on the way under the root, even one pointing inside it, is refused: a job names real paths.
 */
public final class ConfinedFiles {
    private static final LinkOption[] NOFOLLOW = {LinkOption.NOFOLLOW_LINKS};

    private final List<Path> roots;

    ConfinedFiles(List<Path> roots) {
        this.roots = List.copyOf(roots);
    }

    public static ConfinedFiles of(FunctionContext context) {
        return new ConfinedFiles(context.minion().fileRootsAllowed());
    }

    /** A regular file opened for reading, with its attributes as read through the same handle. */
    public record Opened(FileChannel channel, PosixFileAttributes attributes, Path path) implements AutoCloseable {
        @Override
        public void close() throws IOException {
            channel.close();
        }
    }

    /** Opens the regular file at {@code path} for reading; refuses links, non-files and paths outside the roots. */
    public Opened read(String path) throws FunctionException, IOException {
        Located at = locate(path);
        if (at.parts().isEmpty()) {
            throw refused(path, "it is an allowed directory, not a file");
        }
        try (SecureDirectoryStream<Path> dir = walk(at, at.parts().size() - 1, false, path)) {
            Path name = Path.of(at.parts().get(at.parts().size() - 1));
            PosixFileAttributes attrs = attributes(dir, name, path);
            if (!attrs.isRegularFile()) {
                throw new FunctionException("refused: '" + path + "' is not a regular file");
            }
            SeekableByteChannel ch = dir.newByteChannel(name,
                    java.util.Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS));
            return new Opened(asFileChannel(ch), attrs, at.full());
        }
    }

    /**
     * The directory that will hold {@code path}, opened through the roots and created where missing, with the file
     * name to write in it. A link anywhere on the way, also one slipped in while a folder is created, is refused.
     */
    public Target target(String path) throws FunctionException, IOException {
        Located at = locate(path);
        if (at.parts().isEmpty()) {
            throw refused(path, "it is an allowed directory, not a file");
        }
        SecureDirectoryStream<Path> dir = walk(at, at.parts().size() - 1, true, path);
        return new Target(dir, Path.of(at.parts().get(at.parts().size() - 1)), at.full());
    }

    /**
     * The existing directory that holds {@code path}, opened through the roots without following links, with the
     * name of the entry in it; nothing is created. For functions that change one entry in place (remove, chown).
     */
    Target entry(String path) throws FunctionException, IOException {
        Located at = locate(path);
        if (at.parts().isEmpty()) {
            throw refused(path, "it is an allowed directory itself");
        }
        try {
            SecureDirectoryStream<Path> dir = walk(at, at.parts().size() - 1, false, path);
            return new Target(dir, Path.of(at.parts().get(at.parts().size() - 1)), at.full());
        } catch (java.nio.file.NoSuchFileException e) {
            throw new FunctionException("no such directory: " + at.full().getParent());
        }
    }

    /** Opens the directory {@code path} itself through the roots, creating it and its parents where missing. */
    SecureDirectoryStream<Path> directory(String path) throws FunctionException, IOException {
        Located at = locate(path);
        return walk(at, at.parts().size(), true, path);
    }

    /** True if there is an entry (of any kind) at {@code path} inside the roots; links on the way are refused. */
    boolean exists(String path) throws FunctionException, IOException {
        Located at = locate(path);
        if (at.parts().isEmpty()) {
            return true;
        }
        try (SecureDirectoryStream<Path> dir = walk(at, at.parts().size() - 1, false, path)) {
            return attributesOrNull(dir, Path.of(at.parts().get(at.parts().size() - 1))) != null;
        } catch (java.nio.file.NoSuchFileException e) {
            return false;
        }
    }

    /** True if {@code path} names a directory inside the roots (links refused as everywhere). */
    public boolean isDirectory(String path) throws FunctionException, IOException {
        Located at = locate(path);
        if (at.parts().isEmpty()) {
            return true;
        }
        try (SecureDirectoryStream<Path> dir = walk(at, at.parts().size() - 1, false, path)) {
            Path name = Path.of(at.parts().get(at.parts().size() - 1));
            PosixFileAttributes a = attributesOrNull(dir, name);
            return a != null && a.isDirectory();
        } catch (java.nio.file.NoSuchFileException e) {
            return false;
        }
    }

    /** A directory opened through the roots and the name of the file to write in it. */
    public record Target(SecureDirectoryStream<Path> dir, Path name, Path path) implements AutoCloseable {
        /** Writes through {@code writer} into a new temporary file beside the target, then renames it into place. */
        public <T> T replaceWith(int mode, Writer<T> writer) throws IOException, FunctionException {
            PosixFileAttributes existing = attributesOrNull(dir, name);
            if (existing != null && existing.isDirectory()) {
                throw new FunctionException("cannot write " + path + ": it is a directory");
            }
            Path temp = Path.of(".brine-" + UUID.randomUUID() + ".part");
            try {
                try (FileChannel out = asFileChannel(dir.newByteChannel(temp,
                        java.util.Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS),
                        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"))))) {
                    T written = writer.write(out);
                    out.force(true);
                    dir.getFileAttributeView(temp, PosixFileAttributeView.class, NOFOLLOW)
                            .setPermissions(Modes.permissions(mode));
                    dir.move(temp, dir, name); // renameat: replaces the entry itself, never a link's target
                    AtomicWrite.syncDirectory(path.getParent());
                    return written;
                }
            } finally {
                try {
                    dir.deleteFile(temp);
                } catch (java.nio.file.NoSuchFileException e) {
                    // renamed into place
                }
            }
        }

        @Override
        public void close() throws IOException {
            dir.close();
        }
    }

    /** Writes the content of a new file, and says what it wrote. */
    @FunctionalInterface
    public interface Writer<T> {
        T write(FileChannel out) throws IOException, FunctionException;
    }

    private record Located(Path root, Path full, List<String> parts) {
    }

    private Located locate(String path) throws FunctionException {
        Path p = AllowedPaths.absolute(path).normalize();
        Located best = null;
        for (Path configured : roots) {
            for (Path root : rootSpellings(configured)) {
                if (p.startsWith(root) && (best == null || root.getNameCount() > best.root().getNameCount())) {
                    List<String> parts = new ArrayList<>();
                    root.relativize(p).forEach(part -> parts.add(part.toString()));
                    parts.removeIf(String::isEmpty);
                    best = new Located(root, p, parts);
                }
            }
        }
        if (best == null) {
            throw refused(path, "it is outside file_roots_allowed " + roots);
        }
        return best;
    }

    private static List<Path> rootSpellings(Path configured) {
        List<Path> out = new ArrayList<>(List.of(configured.toAbsolutePath().normalize()));
        try {
            out.add(configured.toRealPath());
        } catch (IOException e) {
            // an allowed directory that does not exist allows nothing real
        }
        return out;
    }

    /** Opens the root and then the first {@code depth} parts below it, each without following a link. */
    private SecureDirectoryStream<Path> walk(Located at, int depth, boolean create, String asked)
            throws IOException, FunctionException {
        try {
            return DirectoryHandles.descend(DirectoryHandles.open(at.root()), at.root(),
                    at.parts().subList(0, depth), create, false);
        } catch (DirectoryHandles.LinkOnTheWay e) {
            throw refused(asked, e.getFile() + " is a symbolic link, and file_roots_allowed is walked without "
                    + "following links");
        }
    }

    private static PosixFileAttributes attributes(SecureDirectoryStream<Path> dir, Path name, String asked)
            throws IOException, FunctionException {
        PosixFileAttributes a = attributesOrNull(dir, name);
        if (a == null) {
            throw new FunctionException("no such file: " + asked);
        }
        if (a.isSymbolicLink()) {
            throw refused(asked, "it is a symbolic link, and file_roots_allowed is walked without following links");
        }
        return a;
    }

    static PosixFileAttributes attributesOrNull(SecureDirectoryStream<Path> dir, Path name) throws IOException {
        return DirectoryHandles.attributesOrNull(dir, name);
    }

    private static FileChannel asFileChannel(SeekableByteChannel ch) throws IOException {
        if (ch instanceof FileChannel f) {
            return f;
        }
        ch.close();
        throw new IOException("this platform does not open files relative to a directory as file channels");
    }

    private static FunctionException refused(String path, String why) {
        return new FunctionException("refused: '" + path + "': " + why);
    }
}
