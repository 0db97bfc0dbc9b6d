package io.brine.modules.mount;

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
public final class Mounts {
    /** One mount: where it comes from, where it is, its type and its space in bytes. */
    public record Mount(String device, String mountpoint, String type, long total, long free, long available) {
    }

    private static final Path PROC_MOUNTS = Path.of("/proc/mounts");

    private Mounts() {
    }

    /**
     * Every mount whose space can be read, by mount point; a point mounted over keeps only its last (visible)
     * mount, as df shows.
     */
    public static Map<String, Mount> all() throws IOException {
        Map<String, Mount> out = new LinkedHashMap<>();
        for (Map.Entry<String, ActiveMounts.Active> m : ActiveMounts.read(PROC_MOUNTS).all().entrySet()) {
            String point = m.getKey();
            try {
                FileStore store = Files.getFileStore(Path.of(point));
                out.put(point, new Mount(m.getValue().device(), point, m.getValue().fstype(), store.getTotalSpace(),
                        store.getUnallocatedSpace(), store.getUsableSpace()));
            } catch (IOException | SecurityException e) {
                // gone, or not ours to look at (another namespace's mount): not reported, as df skips it
            }
        }
        return out;
    }

    /** Mounts with space at all: df leaves out proc, sysfs and the other zero-sized pseudo file systems. */
    public static List<Mount> withSpace(Map<String, Mount> mounts) {
        List<Mount> out = new ArrayList<>();
        mounts.values().stream().filter(m -> m.total() > 0).forEach(out::add);
        return out;
    }
}
