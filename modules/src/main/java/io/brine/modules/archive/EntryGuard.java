package io.brine.modules.archive;

import java.nio.file.Path;
import java.util.Optional;

/**
 * Decides, from names alone, whether a member stays inside the target: no absolute names, no
 * {@code ..} that climbs out, and links that point inside too. This runs over the whole archive
 * before anything is written, so a hostile archive leaves no partial extraction behind; the
 * extractor re-checks real paths at write time against links made along the way.
 */
final class EntryGuard {
    private final Path target;

    EntryGuard(Path target) {
        this.target = target.toAbsolutePath().normalize();
    }

    /** Where the member goes, or empty when it must be refused. */
    Optional<Path> destination(String name) {
        if (name.isEmpty() || name.startsWith("/") || name.startsWith("\\") || name.contains("\0")
                || name.matches("^[A-Za-z]:.*")) {
            return Optional.empty();
        }
        Path dest = target.resolve(name).normalize();
        return dest.startsWith(target) ? Optional.of(dest) : Optional.empty();
    }

    /** A reason to refuse the member, or empty when it is safe. */
    Optional<String> problem(Entry e) {
        Optional<Path> dest = destination(e.name());
        if (dest.isEmpty()) {
            return Optional.of("entry '" + e.name() + "' would be written outside " + target);
        }
        switch (e.kind()) {
            case SYMLINK -> {
                if (e.link() == null || e.link().startsWith("/")) {
                    return Optional.of("symlink '" + e.name() + "' points to an absolute path " + e.link());
                }
                Path points = dest.get().getParent().resolve(e.link()).normalize();
                if (!points.startsWith(target)) {
                    return Optional.of("symlink '" + e.name() + "' points outside " + target + ": " + e.link());
                }
            }
            case HARDLINK -> {
                if (e.link() == null || destination(e.link()).isEmpty()) {
                    return Optional.of("hard link '" + e.name() + "' points outside " + target + ": " + e.link());
                }
            }
            case OTHER -> {
                return Optional.of("entry '" + e.name() + "' is a device, fifo or other special file");
            }
            default -> { }
        }
        return Optional.empty();
    }
}
