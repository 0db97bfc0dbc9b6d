package io.brine.modules.archive;

import java.util.HashSet;
import java.util.Set;

/** What an archive holds at its top: Salt's enforce_toplevel wants exactly one directory and no file there. */
final class TopLevel {
    private final Set<String> dirs = new HashSet<>();
    private boolean file;

    void add(Entry entry) {
        String name = entry.name().startsWith("./") ? entry.name().substring(2) : entry.name();
        name = name.startsWith("/") ? name.substring(1) : name;
        if (name.isEmpty() || name.equals(".")) {
            return;
        }
        int slash = name.indexOf('/');
        if (slash >= 0 && slash < name.length() - 1 || entry.kind() == Entry.Kind.DIRECTORY) {
            dirs.add(slash < 0 ? name : name.substring(0, slash));
        } else {
            file = true;
        }
    }

    boolean single() {
        return dirs.size() == 1 && !file;
    }
}
