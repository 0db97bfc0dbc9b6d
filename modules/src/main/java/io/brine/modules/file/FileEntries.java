package io.brine.modules.file;

import io.brine.fileserver.DirectoryHandles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The one way Brine appends to a file, makes a directory and removes a file or tree, for the execution functions
 * ({@code file.append}, {@code file.mkdir}, {@code file.remove}, confined to {@code file_roots_allowed}) and the
 * states ({@code file.append}, {@code file.directory}, {@code file.absent}) alike. Each works on an entry of a
 * directory already open, through that handle and never following the entry if it is a link; how the directory
 * was reached is the caller's rule: the minion's confinement walks from an allowed root refusing every link on the
 * way, a state opens the path its author wrote ({@link #open}).
 *
 * <pre>{@code
 * try (SecureDirectoryStream<Path> dir = FileEntries.open(Path.of("/etc"))) {
 *     FileEntries.append(dir, Path.of("motd"), Path.of("/etc/motd"), "welcome\n");
 * }
 * }</pre>
 */
final class FileEntries {
    private static final LinkOption[] NOFOLLOW = {LinkOption.NOFOLLOW_LINKS};

    private FileEntries() {
    }

    /** Opens the directory {@code dir} by its path (links on the way followed, as a state's author wrote it). */
    public static SecureDirectoryStream<Path> open(Path dir) throws IOException {
        return DirectoryHandles.open(dir);
    }

    /**
     * Opens the directory {@code dir} by its path, making it and its missing parents (the {@code file.mkdir} way),
     * links on the way followed as a state's author wrote them.
     */
    public static SecureDirectoryStream<Path> openMaking(Path dir) throws IOException {
        return DirectoryHandles.openMaking(dir);
    }

    /**
     * Appends {@code text} to the regular file {@code name} in {@code dir}, in place (its owner and mode kept, as
     * Salt's do), first ending its last line if it has no newline; a missing file is made 0644.
     *
     * @param shownAs the file's path, for messages
     * @throws FileSystemException if the entry is not a regular file (a link, a directory) or became one meanwhile
     */
    public static void append(SecureDirectoryStream<Path> dir, Path name, Path shownAs, String text)
            throws IOException {
        try (SeekableByteChannel ch = openRegular(dir, name, shownAs, StandardOpenOption.READ)) {
            write(ch, ch.size() > 0 && !endsWithNewline(ch) ? "\n" + text : text, ch.size());
        }
    }

    /**
     * Writes {@code text} as the whole content of the regular file {@code name} in {@code dir}, in place (its owner
     * and mode kept); a missing file is made 0644 ({@code file.write}).
     *
     * @param shownAs the file's path, for messages
     * @throws FileSystemException if the entry is not a regular file (a link, a directory) or became one meanwhile
     */
    public static void replace(SecureDirectoryStream<Path> dir, Path name, Path shownAs, String text)
            throws IOException {
        try (SeekableByteChannel ch = openRegular(dir, name, shownAs, StandardOpenOption.TRUNCATE_EXISTING)) {
            write(ch, text, 0);
        }
    }

    /** Opens a regular file for writing, made 0644 if missing; O_NOFOLLOW: a link slipped in is refused. */
    private static SeekableByteChannel openRegular(SecureDirectoryStream<Path> dir, Path name, Path shownAs,
            StandardOpenOption extra) throws IOException {
        PosixFileAttributes existing = DirectoryHandles.attributesOrNull(dir, name);
        if (existing != null && !existing.isRegularFile()) {
            throw new FileSystemException(shownAs.toString(), null, "is not a regular file");
        }
        Set<java.nio.file.OpenOption> options = Set.of(extra, StandardOpenOption.WRITE, StandardOpenOption.CREATE,
                LinkOption.NOFOLLOW_LINKS);
        return dir.newByteChannel(name, options,
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-r--r--")));
    }

    private static void write(SeekableByteChannel ch, String text, long at) throws IOException {
        ByteBuffer bytes = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
        ch.position(at);
        while (bytes.hasRemaining()) {
            ch.write(bytes);
        }
    }

    /**
     * Removes the entry {@code name} of {@code dir}: a file, a link (never what it points to) or a whole directory
     * tree, walked through handles so that a link inside it, or one swapped in meanwhile, is removed as an entry
     * and never leads the removal elsewhere.
     *
     * @return false if there was nothing to remove
     */
    public static boolean remove(SecureDirectoryStream<Path> dir, Path name) throws IOException, InterruptedException {
        PosixFileAttributes a = DirectoryHandles.attributesOrNull(dir, name);
        if (a == null) {
            return false;
        }
        removeTree(dir, name, a);
        return true;
    }

    private static void removeTree(SecureDirectoryStream<Path> dir, Path name, PosixFileAttributes a)
            throws IOException, InterruptedException {
        if (!a.isDirectory()) {
            dir.deleteFile(name);
            return;
        }
        try (SecureDirectoryStream<Path> sub = dir.newDirectoryStream(name, NOFOLLOW)) {
            List<Path> children = new ArrayList<>();
            sub.forEach(child -> children.add(child.getFileName()));
            for (Path child : children) {
                if (Thread.interrupted()) {
                    throw new InterruptedException("removal of " + name + " stopped");
                }
                PosixFileAttributes c = DirectoryHandles.attributesOrNull(sub, child);
                if (c != null) {
                    removeTree(sub, child, c);
                }
            }
        }
        dir.deleteDirectory(name);
    }

    private static boolean endsWithNewline(SeekableByteChannel ch) throws IOException {
        ByteBuffer last = ByteBuffer.allocate(1);
        ch.position(ch.size() - 1);
        ch.read(last);
        return last.get(0) == '\n';
    }
}
