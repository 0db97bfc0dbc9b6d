package io.brine.config;

import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Set;

/**
 * Directories and files that hold what only the daemon may read: the job cache (returns can carry pillar
 * secrets), grains, pushed files, a minion's fetched files. They are made private when they are created, not
 * chmod-ed afterwards (a window in which another user could open them), and ones that already exist with
 * looser modes (made by an older Brine) are tightened, with a log line saying so.
 */
public final class PrivateFiles {
    private static final Logger LOG = System.getLogger(PrivateFiles.class.getName());
    private static final Set<PosixFilePermission> DIRECTORY = PosixFilePermissions.fromString("rwx------");
    private static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-------");

    private PrivateFiles() {
    }

    /** Creates {@code dir} and any missing parents with mode 0700; tightens {@code dir} itself to 0700. */
    public static Path directory(Path dir) throws IOException {
        return directory(dir, Set.of());
    }

    /**
     * As {@link #directory(Path)}, with {@code extra} permissions allowed on {@code dir} itself: a minion whose
     * event socket lives in its cachedir lets the socket's group traverse it (0710), never list or read it.
     */
    public static Path directory(Path dir, Set<PosixFilePermission> extra) throws IOException {
        Set<PosixFilePermission> wanted = EnumSet.copyOf(DIRECTORY);
        wanted.addAll(extra);
        Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(DIRECTORY));
        tighten(dir, wanted);
        return dir;
    }

    /** Creates an empty file with mode 0600 unless it exists; tightens an existing one to 0600. */
    public static Path file(Path file) throws IOException {
        try {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(FILE));
        } catch (FileAlreadyExistsException e) {
            tighten(file, FILE);
        }
        return file;
    }

    private static void tighten(Path path, Set<PosixFilePermission> allowed) throws IOException {
        Set<PosixFilePermission> actual = Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS);
        if (!allowed.containsAll(actual)) {
            Set<PosixFilePermission> tightened = EnumSet.copyOf(allowed);
            tightened.retainAll(actual);
            Files.setPosixFilePermissions(path, tightened);
            LOG.log(Level.WARNING, path + " was readable by others (" + PosixFilePermissions.toString(actual)
                    + "); made it " + PosixFilePermissions.toString(tightened));
        }
    }
}
