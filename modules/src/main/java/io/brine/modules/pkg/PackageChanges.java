package io.brine.modules.pkg;

import java.io.IOException;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What a change to the installed packages did, in Salt's shape: {@code {name: {old, new}}} for
 * every package whose version changed, "" for absent. It compares the whole package list before
 * and after, as Salt does, so dependencies pulled in or dropped are reported too.
 *
 * <pre>{@code
 * Map<String, Object> changes = PackageChanges.of(pm, () -> pm.install(requests));
 * // {curl={old=, new=7.88.1-10}, libcurl4={old=, new=7.88.1-10}}
 * }</pre>
 */
final class PackageChanges {
    private PackageChanges() {}

    /** A change to the installed packages. */
    interface Change {
        void run() throws IOException, InterruptedException;
    }

    /** Thrown when a change failed part way, carrying what it had changed by then. */
    static final class Failed extends IOException {
        private final Map<String, Object> changes;

        Failed(IOException cause, Map<String, Object> changes) {
            super(cause.getMessage(), cause);
            this.changes = changes;
        }

        Map<String, Object> changes() {
            return changes;
        }
    }

    static SortedMap<String, Object> of(PackageManager pm, Change change) throws IOException, InterruptedException {
        SortedMap<String, String> before = pm.listInstalled();
        try {
            change.run();
        } catch (IOException e) {
            throw new Failed(e, diff(before, pm.listInstalled()));
        }
        return diff(before, pm.listInstalled());
    }

    static SortedMap<String, Object> diff(Map<String, String> before, Map<String, String> after) {
        SortedMap<String, Object> changes = new TreeMap<>();
        TreeSet<String> names = new TreeSet<>(before.keySet());
        names.addAll(after.keySet());
        for (String name : names) {
            if (!Objects.equals(before.get(name), after.get(name))) {
                changes.put(name, Targets.change(before.get(name), after.get(name)));
            }
        }
        return changes;
    }
}
