package io.brine.states;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A state tree written by a test into a temporary directory, and jobs over it. */
public final class StateTree {
    public final Path root;
    public final Map<String, Object> grains = new LinkedHashMap<>(Map.of("os_family", "Debian", "os", "Debian"));
    public final Map<String, Object> pillar = new LinkedHashMap<>();
    public String minionId = "web1";

    public StateTree(Path root) {
        this.root = root;
    }

    public StateTree file(String relativePath, String text) {
        try {
            Path file = root.resolve(relativePath);
            Files.createDirectories(file.getParent());
            Files.writeString(file, text);
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public StateJob job(String... sls) {
        return new StateJob(List.of(sls), new DirectoryStateFiles(List.of(root)), minionId, grains, pillar, false, Runners.LOCAL);
    }

    public StateJob testJob(String... sls) {
        return new StateJob(List.of(sls), new DirectoryStateFiles(List.of(root)), minionId, grains, pillar, true, Runners.LOCAL);
    }
}
