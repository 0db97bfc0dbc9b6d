package io.brine.master;

import io.brine.ssh.AgentJar;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Optional;

/**
 * The minion jar ({@code ssh_minion_jar}) that {@code brine ssh} copies to roster hosts, hashed once and again only
 * when the file changed (an upgrade of the package), not for every run.
 */
final class MinionJarFile {
    private final Path file;
    private Seen seen;

    private record Seen(AgentJar jar, FileTime modified, long size) {
    }

    MinionJarFile(Path file) {
        this.file = file;
    }

    Path file() {
        return file;
    }

    /** The jar as it is now; empty when there is none to read. */
    synchronized Optional<AgentJar> current() {
        try {
            FileTime modified = Files.getLastModifiedTime(file);
            long size = Files.size(file);
            if (seen == null || !seen.modified().equals(modified) || seen.size() != size) {
                seen = new Seen(AgentJar.of(file), modified, size);
            }
            return Optional.of(seen.jar());
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
