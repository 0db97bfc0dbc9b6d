package io.brine.modules.ssh;

import io.brine.modules.file.TextEdit;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * A known_hosts file as lines. Lines for other hosts, comments and markers stay as written; removing a host
 * drops every line naming it, hashed or plain, as {@code ssh-keygen -R} does.
 */
final class KnownHostsFile {
    private final String before;
    private final List<String> lines;

    private KnownHostsFile(String before) {
        this.before = before;
        this.lines = TextEdit.lines(before);
    }

    static KnownHostsFile read(Path path) throws IOException {
        return new KnownHostsFile(TextEdit.read(path));
    }

    static KnownHostsFile of(String text) {
        return new KnownHostsFile(text);
    }

    String before() {
        return before;
    }

    String text() {
        return TextEdit.join(lines);
    }

    /** The entries for {@code name}, in file order. */
    List<KnownHost> entries(String name) {
        return lines.stream().map(KnownHost::parse).filter(Objects::nonNull).filter(h -> h.isFor(name)).toList();
    }

    /** Removes the entries for {@code name} that {@code which} selects; how many went. */
    int remove(String name, Predicate<KnownHost> which) {
        List<String> kept = new ArrayList<>();
        for (String line : lines) {
            KnownHost h = KnownHost.parse(line);
            if (h == null || !h.isFor(name) || !which.test(h)) {
                kept.add(line);
            }
        }
        int removed = lines.size() - kept.size();
        lines.clear();
        lines.addAll(kept);
        return removed;
    }

    void add(KnownHost entry) {
        lines.add(entry.line());
    }
}
