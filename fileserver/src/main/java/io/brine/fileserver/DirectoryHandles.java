package io.brine.fileserver;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Walking down a tree through open directory handles ({@code openat(2)}), the one way Brine reaches a file that a
 * rule confines: a path checked by name and then opened by name leaves a window in which a directory on the way is
 * swapped for a link, so here nothing is looked up by name twice. The minion's {@code file_roots_allowed}, the
 * file states and the master's copy sources ({@code cp_roots}) all walk with it; what counts as "inside" is
 * each caller's rule.
 *
 * <pre>{@code
 * try (SecureDirectoryStream<Path> dir = DirectoryHandles.descend(DirectoryHandles.open(root), root,
 *         List.of("app", "conf"), false, false)) {
 *     ...  // "app" and "conf" were entered without following a link
 * }
 * }</pre>
 */
public final class DirectoryHandles {
    private static final LinkOption[] NOFOLLOW = {LinkOption.NOFOLLOW_LINKS};

    private DirectoryHandles() {
    }

    /** A symbolic link met on the way down where the caller allows none. */
    public static final class LinkOnTheWay extends FileSystemException {
        private static final long serialVersionUID = 1L;

        LinkOnTheWay(Path link) {
            super(link.toString(), null, "is a symbolic link");
        }
    }

    /** A regular file opened for reading, with its attributes as read through the directory handle it came from. */
    public record OpenedFile(FileChannel channel, PosixFileAttributes attributes) implements AutoCloseable {
        @Override
        public void close() throws IOException {
            channel.close();
        }
    }

    /** Opens the directory {@code dir} by its path (links on the way followed: the caller chose this path). */
    public static SecureDirectoryStream<Path> open(Path dir) throws IOException {
        return secure(Files.newDirectoryStream(dir));
    }

    /**
     * Opens the directory {@code dir} by its path, making it and its missing parents as {@link #descend} makes
     * them, links on the way followed as the caller wrote them.
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
     * Opens the entry {@code name} of {@code dir} for reading if it is a regular file, never following it if it is
     * a link; empty if there is no such entry or it is anything but a regular file (a link, a directory, a fifo).
     */
    public static java.util.Optional<OpenedFile> openRegular(SecureDirectoryStream<Path> dir, Path name)
            throws IOException {
        PosixFileAttributes before = attributesOrNull(dir, name);
        if (before == null || !before.isRegularFile()) {
            return java.util.Optional.empty();
        }
        SeekableByteChannel ch;
        try {
            ch = dir.newByteChannel(name, Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS));
        } catch (FileSystemException e) {
            return java.util.Optional.empty(); // replaced by a link (ELOOP) or removed since it was looked at
        }
        if (!(ch instanceof FileChannel file)) {
            ch.close();
            throw new IOException("this platform does not open files relative to a directory as file channels");
        }
        // What was opened is what the attributes describe, unless the entry was swapped in between: then refuse.
        PosixFileAttributes after = attributesOrNull(dir, name);
        if (after == null || !after.isRegularFile() || !java.util.Objects.equals(after.fileKey(), before.fileKey())) {
            file.close();
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(new OpenedFile(file, after));
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
}
