package io.brine.functions;

import java.nio.file.Path;
import java.util.List;

/**
 * The reach of the read-only file functions when a template calls them (docs/guest-policy.md, "Templates").
 *
 * @param open true: anywhere on the file system; a file's content only when it and every directory above it
 *     are world-readable; false: within {@code file_roots_allowed}, as for a job
 * @param secret paths never probed, whatever their modes (the minion's own keys)
 */
public record FileProbes(boolean open, List<Path> secret) {
    /** As for a job: within {@code file_roots_allowed}. */
    public static final FileProbes CONFINED = new FileProbes(false, List.of());

    public FileProbes {
        secret = List.copyOf(secret);
    }
}
