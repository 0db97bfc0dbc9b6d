package io.brine.states;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A state tree written by a test into a temporary directory, and jobs over it. */
final class StateTree {
  final Path root;
  final Map<String, Object> grains = new LinkedHashMap<>(Map.of("os_family", "Debian", "os", "Debian"));
  final Map<String, Object> pillar = new LinkedHashMap<>();
  String minionId = "web1";

  StateTree(Path root) {
    this.root = root;
  }

  StateTree file(String relativePath, String text) {
    try {
      Path file = root.resolve(relativePath);
      Files.createDirectories(file.getParent());
      Files.writeString(file, text);
      return this;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  StateJob job(String... sls) {
    return new StateJob(List.of(sls), new DirectoryStateFiles(List.of(root)), minionId, grains, pillar, false);
  }

  StateJob testJob(String... sls) {
    return new StateJob(List.of(sls), new DirectoryStateFiles(List.of(root)), minionId, grains, pillar, true);
  }
}
