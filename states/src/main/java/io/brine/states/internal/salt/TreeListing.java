package io.brine.states.internal.salt;

import io.brine.functions.StateFiles;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Salt's {@code cp.list_master(saltenv, prefix)} and {@code cp.list_master_dirs(saltenv, prefix)}: the files, or
 * the directories, of the state tree whose path starts with {@code prefix}, '/'-separated and relative to the tree,
 * as formulas list per-user file directories: {@code salt['cp.list_master_dirs'](prefix='users/files/user/')}.
 */
final class TreeListing {
  private TreeListing() {}

  static List<String> of(StateFiles files, String prefix, boolean directories) throws IOException {
    String base = prefix.contains("/") ? prefix.substring(0, prefix.lastIndexOf('/')) : "";
    List<String> out = new ArrayList<>();
    for (String entry : files.list(base.isEmpty() ? "." : base).orElse(List.of())) {
      boolean isDir = entry.endsWith("/");
      String path = (base.isEmpty() ? "" : base + "/") + (isDir ? entry.substring(0, entry.length() - 1) : entry);
      if (isDir == directories && path.startsWith(prefix)) {
        out.add(path);
      }
    }
    return out;
  }
}
