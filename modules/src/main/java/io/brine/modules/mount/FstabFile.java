package io.brine.modules.mount;

import io.brine.modules.file.AtomicWrite;
import io.brine.modules.file.TextEdit;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * An fstab as lines, edited the way Salt's {@code mount.set_fstab} and {@code mount.rm_fstab} do: comments and other
 * entries stay byte for byte; the entry that matches is kept, rewritten or appended.
 */
final class FstabFile {
    /** Pseudo file systems have no device to tell them apart, so Salt matches their entries by mount point. */
    private static final Set<String> MATCH_ON_NAME = Set.of("none", "tmpfs", "sysfs", "proc", "fusectl", "debugfs",
            "securityfs", "devtmpfs", "cgroup", "btrfs");

    /** What {@link #set} found: the entry was already there, differed, or was missing. */
    enum Status { PRESENT, CHANGE, NEW }

    private final Path path;
    private final List<String> lines;

    private FstabFile(Path path, List<String> lines) {
        this.path = path;
        this.lines = lines;
    }

    /** The file, or empty when it does not exist: Salt refuses to create an fstab. */
    static Optional<FstabFile> read(Path path) throws IOException {
        return Files.isRegularFile(path) ? Optional.of(new FstabFile(path, TextEdit.lines(TextEdit.read(path))))
                : Optional.empty();
    }

    /** Makes the file hold {@code wanted}, matched on mount point or device as Salt's {@code match_on: auto} does. */
    Status set(FstabEntry wanted) {
        boolean byName = MATCH_ON_NAME.contains(wanted.fstype());
        Predicate<FstabEntry> same = e -> byName ? e.name().equals(wanted.name()) : e.device().equals(wanted.device());
        Status status = null;
        for (int i = 0; i < lines.size(); i++) {
            Optional<FstabEntry> e = FstabEntry.parse(lines.get(i));
            if (e.isPresent() && same.test(e.get())) {
                if (e.get().equals(wanted)) {
                    status = status == null ? Status.PRESENT : status;
                } else {
                    lines.set(i, wanted.line());
                    status = Status.CHANGE;
                }
            }
        }
        if (status == null) {
            lines.add(wanted.line());
            status = Status.NEW;
        }
        return status;
    }

    /** Removes the entries for this mount point (and this device, if given); true if there was one. */
    boolean remove(String name, String device) {
        return lines.removeIf(l -> FstabEntry.parse(l)
                .filter(e -> e.name().equals(name) && (device == null || e.device().equals(device))).isPresent());
    }

    Optional<FstabEntry> entry(String name) {
        return lines.stream().map(FstabEntry::parse).flatMap(Optional::stream).filter(e -> e.name().equals(name))
                .findFirst();
    }

    void save() throws IOException {
        AtomicWrite.write(path, TextEdit.join(lines).getBytes(StandardCharsets.UTF_8), false);
    }
}
