package io.brine.modules.mount;

import io.brine.functions.Effect;
import java.util.List;
import java.util.Optional;

/**
 * The program a FUSE mount starts: mount(8) hands a {@code fuse}, {@code fuse.PROGRAM} or {@code fuseblk...} type to
 * mount.fuse, which runs {@code PROGRAM SOURCE MOUNTPOINT -o OPTIONS} (for type {@code fuse} the device names it, as
 * {@code PROGRAM#SOURCE}). Mounting one, now or from the fstab at boot, is running that command line, so
 * {@code mount.mounted} declares it for the minion's policy to judge; other types run only the kernel's file
 * systems and the installed /sbin/mount.TYPE helpers.
 *
 * <pre>{@code
 * FuseProgram.commandLine("fuse.sshfs", "me@host:/", "/mnt/x", List.of("ro"));  // "sshfs me@host:/ /mnt/x -o ro"
 * }</pre>
 */
final class FuseProgram {
    private FuseProgram() {
    }

    /** The command line a mount of this type would start, or empty when it is not a FUSE type. */
    static Optional<String> commandLine(String fstype, String device, String mountPoint, List<String> opts) {
        if (fstype == null || device == null) {
            return Optional.empty();
        }
        String program;
        String source;
        if (fstype.equals("fuse") || fstype.equals("fuseblk")) {
            int hash = device.indexOf('#');
            program = hash < 0 ? device : device.substring(0, hash);
            source = hash < 0 ? "" : device.substring(hash + 1);
        } else if (fstype.startsWith("fuse.") || fstype.startsWith("fuseblk.")) {
            program = fstype.substring(fstype.indexOf('.') + 1);
            source = device;
        } else {
            return Optional.empty();
        }
        StringBuilder line = new StringBuilder(program);
        if (!source.isEmpty()) {
            line.append(' ').append(source);
        }
        line.append(' ').append(mountPoint);
        List<String> passed = opts.stream().filter(o -> !o.equals("defaults")).toList();
        if (!passed.isEmpty()) {
            line.append(" -o ").append(String.join(",", passed));
        }
        return Optional.of(line.toString());
    }

    /** {@link #commandLine} as what mount.mounted would set going. */
    static List<Effect> effects(MountRequest req) {
        return commandLine(req.fstype(), req.device(), req.name(), req.opts())
                .<List<Effect>>map(line -> List.of(new Effect.RunsCommand("the FUSE program", line)))
                .orElse(List.of());
    }
}
