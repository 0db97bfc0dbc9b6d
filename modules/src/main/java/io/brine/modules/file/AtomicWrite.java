package io.brine.modules.file;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;

/**
 * Replaces a file's content through a temporary file in the same directory and a rename, so a
 * reader (a daemon reloading its config) never sees half a file. The old file's owner and mode are
 * carried over; a new file starts as 0644.
 */
public final class AtomicWrite {
    private AtomicWrite() {}

    public static void write(Path path, byte[] content, boolean makedirs) throws IOException {
        Path dir = path.getParent();
        if (makedirs) {
            Files.createDirectories(dir);
        }
        Path real = Files.exists(path) ? path.toRealPath() : path;
        Path temp = Files.createTempFile(real.getParent(), "." + real.getFileName(), ".brine-tmp");
        try {
            Files.write(temp, content);
            PosixFileAttributeView view = Files.getFileAttributeView(temp, PosixFileAttributeView.class);
            if (Files.exists(real)) {
                PosixFileAttributes old = Files.readAttributes(real, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                view.setOwner(old.owner());
                view.setGroup(old.group());
                view.setPermissions(old.permissions());
            } else {
                view.setPermissions(Modes.permissions(0644));
            }
            Files.move(temp, real, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /** Makes a rename durable: the directory entry reaches the disk too. */
    static void syncDirectory(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException e) {
            // some file systems cannot sync a directory; the rename itself is still atomic
        }
    }

    /**
     * Puts a new 0644 file with {@code content} where {@code path} is, replacing the directory entry
     * itself: a symlink there is replaced, not followed ({@code follow_symlinks: False}).
     */
    static void replaceEntry(Path path, byte[] content) throws IOException {
        Path temp = Files.createTempFile(path.getParent(), "." + path.getFileName(), ".brine-tmp");
        try {
            Files.write(temp, content);
            Files.setPosixFilePermissions(temp, Modes.permissions(0644));
            Files.move(temp, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
