package io.brine.minion.modules;

import io.brine.modules.mount.ActiveMounts;
import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The mounted file systems, read from {@code /proc/mounts}, with their space from statvfs through {@link FileStore}:
 * what status.diskusage and disk.usage report, without parsing df's output.
 */
final class Mounts {
    /** One mount: where it comes from, where it is, its type and its space in bytes. */
    record Mount(String device, String mountpoint, String type, long total, long free, long available) {
    }

    private static final Path PROC_MOUNTS = Path.of("/proc/mounts");

    private Mounts() {
    }

    /**
     * Every mount whose space can be read, by mount point; a point mounted over keeps only its last (visible)
     * mount, as df shows.
     */
    static Map<String, Mount> all() throws IOException {
        Map<String, Mount> out = new LinkedHashMap<>();
        for (String line : Files.readAllLines(PROC_MOUNTS)) {
            String[] f = line.split(" ");
            if (f.length < 3) {
                continue;
            }
            String point = unescape(f[1]);
            try {
                FileStore store = Files.getFileStore(Path.of(point));
                out.remove(point);
                out.put(point, new Mount(unescape(f[0]), point, f[2], store.getTotalSpace(),
                        store.getUnallocatedSpace(), store.getUsableSpace()));
            } catch (IOException | SecurityException e) {
                // gone, or not ours to look at (another namespace's mount): not reported, as df skips it
            }
        }
        return out;
    }

    /** The kernel writes space, tab, newline and backslash in mount fields as octal escapes ({@code \040}). */
    static String unescape(String field) {
        return ActiveMounts.unescape(field);
    }

    /** Mounts with space at all: df leaves out proc, sysfs and the other zero-sized pseudo file systems. */
    static List<Mount> withSpace(Map<String, Mount> mounts) {
        List<Mount> out = new ArrayList<>();
        mounts.values().stream().filter(m -> m.total() > 0).forEach(out::add);
        return out;
    }
}
