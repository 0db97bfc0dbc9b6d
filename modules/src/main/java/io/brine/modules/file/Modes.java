package io.brine.modules.file;

import io.brine.functions.CommandResult;
import io.brine.functions.CommandRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Set;

/**
 * Octal file modes as Salt writes them ("0644", "644", "1777"). Java's permission API has no
 * setuid, setgid or sticky bit, so modes using them go through chmod(1).
 */
final class Modes {
    private static final PosixFilePermission[] BITS = {
            PosixFilePermission.OTHERS_EXECUTE, PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_READ,
            PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_READ,
            PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_READ};

    private Modes() {}

    /** The mode, or null when not given; throws naming a malformed one. */
    static Integer parse(String text) {
        if (text == null || text.isBlank()) {
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

    static String format(int mode) {
        return String.format("%04o", mode);
    }

    static int current(Path path) throws IOException {
        return ((Integer) Files.getAttribute(path, "unix:mode", LinkOption.NOFOLLOW_LINKS)) & 07777;
    }

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

    static Set<PosixFilePermission> permissions(int mode) {
        Set<PosixFilePermission> out = EnumSet.noneOf(PosixFilePermission.class);
        for (int i = 0; i < BITS.length; i++) {
            if ((mode & (1 << i)) != 0) {
                out.add(BITS[i]);
            }
        }
        return out;
    }
}
