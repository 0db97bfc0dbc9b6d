package io.brine.modules.mount;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the kernel has mounted, from {@code /proc/self/mounts}: per mount point, the topmost mount. The one reader
 * of the mount table: {@code mount.mounted} looks a point up in it, and {@link Mounts} adds the space of each for
 * {@code disk.usage} and {@code status.diskusage}.
 */
final class ActiveMounts {
    /** One mounted file system; {@code opts} merges the mount's and the superblock's options, as the file shows them. */
    record Active(String device, String fstype, List<String> opts) {}

    private final Map<String, Active> byMountPoint;

    private ActiveMounts(Map<String, Active> byMountPoint) {
        this.byMountPoint = byMountPoint;
    }

    static ActiveMounts read(Path table) throws IOException {
        Map<String, Active> out = new LinkedHashMap<>();
        for (String line : Files.readAllLines(table)) {
            String[] f = line.split(" ");
            if (f.length >= 4) {
                // a later line for the same point is a mount stacked on top of the earlier one, and is listed
                // where it was mounted, as df lists it
                String point = unescape(f[1]);
                out.remove(point);
                out.put(point, new Active(unescape(f[0]), f[2], List.of(f[3].split(","))));
            }
        }
        return new ActiveMounts(out);
    }

    Optional<Active> at(String mountPoint) {
        return Optional.ofNullable(byMountPoint.get(mountPoint));
    }

    /** Every mount point's topmost mount, in the order they were mounted. */
    Map<String, Active> all() {
        return byMountPoint;
    }

    /** The kernel writes space, tab, newline and backslash as three octal digits after a backslash. */
    static String unescape(String field) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            if (c == '\\' && i + 3 < field.length() && field.substring(i + 1, i + 4).matches("[0-7]{3}")) {
                out.append((char) Integer.parseInt(field.substring(i + 1, i + 4), 8));
                i += 3;
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
