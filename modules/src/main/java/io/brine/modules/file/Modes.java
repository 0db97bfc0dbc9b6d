package io.brine.modules.file;

import io.brine.functions.CommandResult;
import io.brine.functions.CommandRunner;
import io.brine.functions.FunctionException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Set;

/**
 * Octal file modes as Salt writes them ("0644", "644", "1777"), for the file functions of both kinds and for
 * {@code cp}. Java's permission API has no setuid, setgid or sticky bit: a state that asks for one goes through
 * chmod(1), and an execution function refuses it (see {@link #parsePermissions}).
 */
public final class Modes {
    private static final PosixFilePermission[] BITS = PosixFilePermission.values();

    private Modes() {}

    /**
     * A state's mode, or null when not given; throws naming a malformed one. Up to 07777. Salt's {@code keep} (keep
     * the mode the file server's copy has) is null too: the master's file server does not send modes, so Brine
     * leaves the mode alone, a file it creates getting the default one.
     */
    static Integer parse(String text) {
        if (text == null || text.isBlank() || text.strip().equalsIgnoreCase("keep")) {
            return null;
        }
        String digits = text.strip();
        if (!digits.matches("[0-7]{1,5}")) {
            throw new IllegalArgumentException("mode must be octal digits such as \"0644\", got '" + text + "'");
        }
        int mode = Integer.parseInt(digits, 8);
        if (mode > 07777) {
            throw new IllegalArgumentException("mode out of range: " + text);
        }
        return mode;
    }

    /**
     * A mode as a job gives an execution function ({@code 644}, {@code "0644"}, {@code "0o644"}), read as octal as
     * Salt does. Only permission bits: set-uid, set-gid and sticky cannot be set through Java's file API, which a
     * file walked by handles must be changed through, so they are refused rather than silently dropped.
     */
    static int parsePermissions(String function, String text) throws FunctionException {
        String digits = text.strip().replaceFirst("^0[oO]", "");
        if (!digits.matches("[0-7]{1,4}") || Integer.parseInt(digits, 8) > 0777) {
            throw new FunctionException(function + ": mode '" + text
                    + "' is not an octal permission mode from 0000 to 0777");
        }
        return Integer.parseInt(digits, 8);
    }

    /** Four octal digits, as Salt reports a mode. */
    public static String format(int mode) {
        return String.format("%04o", mode);
    }

    /** The mode of {@code path} itself (a link is not followed), with setuid, setgid and sticky. */
    static int current(Path path) throws IOException {
        return ((Integer) Files.getAttribute(path, "unix:mode", LinkOption.NOFOLLOW_LINKS)) & 07777;
    }

    /** The permission bits of {@code file}, following a link (0644 where the file system has none). */
    static int of(Path file) throws IOException {
        try {
            return of(Files.getPosixFilePermissions(file));
        } catch (UnsupportedOperationException e) {
            return 0644;
        }
    }

    /** The permission bits in {@code perms}. */
    public static int of(Set<PosixFilePermission> perms) {
        int mode = 0;
        for (PosixFilePermission p : perms) {
            mode |= 1 << (8 - p.ordinal());
        }
        return mode;
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

    /** Sets a state's mode on {@code path}, through chmod(1) when it has setuid, setgid or sticky. */
    static void apply(Path path, int mode, CommandRunner commands) throws IOException, InterruptedException {
        if ((mode & 07000) != 0) {
            CommandResult r = commands.run("chmod", Integer.toOctalString(mode), path.toString());
            if (!r.ok()) {
                throw new IOException("chmod " + format(mode) + " " + path + " failed: " + r.diagnostic());
            }
            return;
        }
        Files.setPosixFilePermissions(path, permissions(mode));
    }
}
