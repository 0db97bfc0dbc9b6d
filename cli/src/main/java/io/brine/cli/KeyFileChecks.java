package io.brine.cli;

import io.brine.config.Finding;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * {@code brine doctor}'s look at a daemon's keys: {@code pki_dir} is 0700 and each private key 0600 or 0400, all
 * owned by the user running the doctor (the daemon's user, as the doctor should be run). Root may look at a daemon
 * that runs as another user: then the files must all be owned by whoever owns {@code pki_dir}.
 */
final class KeyFileChecks {
    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rwx------");

    private KeyFileChecks() {
    }

    /** One line for {@code pki_dir}, then one per private key ({@code names}, in {@code pkiDir}). */
    static List<DoctorLine> check(Path pkiDir, List<String> names, String firstStart) {
        List<DoctorLine> out = new ArrayList<>();
        if (!Files.isDirectory(pkiDir)) {
            out.add(new DoctorLine("keys", Finding.ok("none yet in " + pkiDir + ": " + firstStart)));
            return out;
        }
        String user = System.getProperty("user.name");
        String owner;
        try {
            owner = Files.getOwner(pkiDir, LinkOption.NOFOLLOW_LINKS).getName();
        } catch (IOException e) {
            out.add(new DoctorLine("pki_dir", Finding.fail("cannot read " + pkiDir + ": " + e.getMessage())));
            return out;
        }
        String expected = user.equals("root") ? owner : user;
        out.add(new DoctorLine("pki_dir mode", mode(pkiDir, "rwx------", "0700", expected)));
        for (String name : names) {
            Path key = pkiDir.resolve(name);
            if (!Files.exists(key, LinkOption.NOFOLLOW_LINKS)) {
                out.add(new DoctorLine("key " + name, Files.isReadable(pkiDir)
                        ? Finding.fail(key + " is missing (" + firstStart + ")")
                        : Finding.fail("permission denied on " + pkiDir)));
                continue;
            }
            out.add(new DoctorLine("key " + name, mode(key, "rw-------", "0600 or 0400", expected)));
        }
        return out;
    }

    /** {@code path} has no permission for group or others, no more than {@code most}, and is {@code owner}'s. */
    private static Finding mode(Path path, String most, String wanted, String owner) {
        try {
            Set<PosixFilePermission> mode = Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS);
            String text = PosixFilePermissions.toString(mode);
            String actualOwner = Files.getOwner(path, LinkOption.NOFOLLOW_LINKS).getName();
            boolean tooOpen = !PosixFilePermissions.fromString(most).containsAll(mode) || !OWNER_ONLY.containsAll(mode);
            if (tooOpen) {
                return Finding.fail(path + " is " + octal(mode) + " (" + text + "); it must be " + wanted
                        + ": chmod " + (Files.isDirectory(path) ? "700 " : "600 ") + path);
            }
            if (!actualOwner.equals(owner)) {
                return Finding.fail(path + " is owned by " + actualOwner + ", not " + owner
                        + " (run brine doctor as the daemon's user)");
            }
            return Finding.ok(path + " is " + octal(mode) + ", owned by " + actualOwner);
        } catch (IOException e) {
            return Finding.fail("cannot read the mode of " + path + ": " + e.getMessage());
        }
    }

    private static String octal(Set<PosixFilePermission> mode) {
        int bits = 0;
        for (PosixFilePermission p : mode) {
            bits |= 1 << (8 - p.ordinal());
        }
        return String.format("%04o", bits);
    }
}
