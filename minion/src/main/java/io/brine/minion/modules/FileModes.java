package io.brine.minion.modules;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Set;

/** Permission bits as the numbers Salt and {@code chmod} use, and the durable-rename step file writers share. */
final class FileModes {
    private static final PosixFilePermission[] BITS = PosixFilePermission.values();

    private FileModes() {
    }

    /** The permission bits of {@code file} (0644 where the file system has none). */
    static int of(Path file) throws IOException {
        try {
            int mode = 0;
            for (PosixFilePermission p : Files.getPosixFilePermissions(file)) {
                mode |= 1 << (8 - p.ordinal());
            }
            return mode;
        } catch (UnsupportedOperationException e) {
            return 0644;
        }
    }

    /** Sets the permission bits (set-uid, set-gid and sticky are not carried). */
    static void set(Path file, int mode) throws IOException {
        try {
            Files.setPosixFilePermissions(file, permissions(mode));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: the file keeps its default mode
        }
    }

    /** The permission bits of {@code mode} as a set (set-uid, set-gid and sticky are not carried). */
    static Set<PosixFilePermission> permissions(int mode) {
        Set<PosixFilePermission> perms = EnumSet.noneOf(PosixFilePermission.class);
        for (int i = 0; i < 9; i++) {
            if ((mode & (1 << (8 - i))) != 0) {
                perms.add(BITS[i]);
            }
        }
        return perms;
    }

    /** The permission bits in {@code perms}. */
    static int of(Set<PosixFilePermission> perms) {
        int mode = 0;
        for (PosixFilePermission p : perms) {
            mode |= 1 << (8 - p.ordinal());
        }
        return mode;
    }

    /**
     * A mode as a job gives it ({@code 644}, {@code "0644"}, {@code "0o644"}), read as octal as Salt does. Only
     * permission bits: set-uid, set-gid and sticky cannot be set through Java's file API, so they are refused
     * rather than silently dropped.
     */
    static int parse(String function, String text) throws io.brine.functions.FunctionException {
        String digits = text.strip().replaceFirst("^0[oO]", "");
        if (!digits.matches("[0-7]{1,4}") || Integer.parseInt(digits, 8) > 0777) {
            throw new io.brine.functions.FunctionException(function + ": mode '" + text
                    + "' is not an octal permission mode from 0000 to 0777");
        }
        return Integer.parseInt(digits, 8);
    }

    static String octal(int mode) {
        return String.format("%04o", mode);
    }

    /** Makes a rename durable: the directory entry reaches the disk too. */
    static void syncDirectory(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException e) {
            // some file systems cannot sync a directory; the rename itself is still atomic
        }
    }
}
