package io.brine.states.functions.file;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
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
public final class FileEntries {
    private static final LinkOption[] NOFOLLOW = {LinkOption.NOFOLLOW_LINKS};

    private FileEntries() {
    }

    /** A symbolic link met on the way down where the caller allows none. */
    public static final class LinkOnTheWay extends FileSystemException {
        private static final long serialVersionUID = 1L;

        LinkOnTheWay(Path link) {
            super(link.toString(), null, "is a symbolic link");
        }
    }

    /** Opens the directory {@code dir} by its path (links on the way followed, as a state's author wrote it). */
    public static SecureDirectoryStream<Path> open(Path dir) throws IOException {
        return secure(Files.newDirectoryStream(dir));
    }

    /**
     * Opens the directory {@code dir} by its path, making it and its missing parents as {@link #descend} makes
     * them (the {@code file.mkdir} way), links on the way followed as a state's author wrote them.
     */
    public static SecureDirectoryStream<Path> openMaking(Path dir) throws IOException {
        Path root = dir.getRoot();
        List<String> parts = new ArrayList<>();
        root.relativize(dir.normalize()).forEach(p -> parts.add(p.toString()));
        parts.removeIf(String::isEmpty);
        return descend(open(root), root, parts, true, true);
    }

    /**
     * Opens the directories {@code parts} one below the other from {@code start} (whose path is {@code startPath}),
     * creating those missing when {@code create}. Without {@code followLinks} a link on the way, also one slipped in
     * while a directory is created, is refused with {@link LinkOnTheWay} rather than entered. {@code start} is
     * closed or handed on: the caller closes only what is returned.
     */
    public static SecureDirectoryStream<Path> descend(SecureDirectoryStream<Path> start, Path startPath,
            List<String> parts, boolean create, boolean followLinks) throws IOException {
        SecureDirectoryStream<Path> dir = start;
        Path opened = startPath;
        try {
            for (String part : parts) {
                Path name = Path.of(part);
                opened = opened.resolve(name);
                if (create && attributesOrNull(dir, name) == null) {
                    try {
                        // No mkdirat in Java: made by name, then opened through the handle (without following links
                        // where none is allowed), so a folder swapped for a link meanwhile is refused, not entered.
                        Files.createDirectory(opened);
                    } catch (FileAlreadyExistsException e) {
                        // made meanwhile: judged like any other below
                    }
                }
                SecureDirectoryStream<Path> next;
                try {
                    next = followLinks ? dir.newDirectoryStream(name) : dir.newDirectoryStream(name, NOFOLLOW);
                } catch (FileSystemException e) {
                    PosixFileAttributes a = attributesOrNull(dir, name);
                    if (a != null && a.isSymbolicLink()) {
                        throw new LinkOnTheWay(opened);
                    }
                    throw e;
                }
                dir.close();
                dir = next;
            }
            return dir;
        } catch (IOException | RuntimeException e) {
            dir.close();
            throw e;
        }
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
        PosixFileAttributes existing = attributesOrNull(dir, name);
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
        PosixFileAttributes a = attributesOrNull(dir, name);
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
                PosixFileAttributes c = attributesOrNull(sub, child);
                if (c != null) {
                    removeTree(sub, child, c);
                }
            }
        }
        dir.deleteDirectory(name);
    }

    /** The entry's own attributes (a link's, not its target's), or null if there is no such entry. */
    public static PosixFileAttributes attributesOrNull(SecureDirectoryStream<Path> dir, Path name) throws IOException {
        try {
            return dir.getFileAttributeView(name, PosixFileAttributeView.class, NOFOLLOW).readAttributes();
        } catch (java.nio.file.NoSuchFileException e) {
            return null;
        }
    }

    /** {@code stream} as the handle-relative kind this platform must offer. */
    public static SecureDirectoryStream<Path> secure(DirectoryStream<Path> stream) throws IOException {
        if (stream instanceof SecureDirectoryStream<Path> secure) {
            return secure;
        }
        stream.close();
        throw new IOException("this platform cannot open files relative to a directory handle");
    }

    private static boolean endsWithNewline(SeekableByteChannel ch) throws IOException {
        ByteBuffer last = ByteBuffer.allocate(1);
        ch.position(ch.size() - 1);
        ch.read(last);
        return last.get(0) == '\n';
    }
}
