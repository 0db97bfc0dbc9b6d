package io.brine.modules.file;

import io.brine.functions.StateResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * What {@code file.recurse} did, path by path, in Salt's shape: each path's changes under its own key, the most
 * negative result of all (false, then null, then true), and comments only for paths that did not simply succeed.
 */
final class RecurseOutcome {
    private final Path target;
    private final Map<String, Object> changes = new LinkedHashMap<>();
    private final List<String> comments = new ArrayList<>();
    private Boolean result = true;

    RecurseOutcome(Path target) {
        this.target = target;
    }

    void merge(Path path, StateResult r) {
        if (Boolean.FALSE.equals(r.result()) || Boolean.TRUE.equals(result)) {
            result = r.result();
        }
        if (!Boolean.TRUE.equals(r.result()) && !r.comment().isEmpty()) {
            comments.add("#### " + path + " ####\n" + r.comment());
        }
        if (r.hasChanges()) {
            changes.put(path.toString(), r.changes());
        }
    }

    /** With {@code clean}, a directory standing where the source has a file gives way to it. */
    void replaceDirectory(Path path, boolean test) throws IOException {
        if (test) {
            merge(path, StateResult.pending(Map.of("diff", "Replaced directory with a new file"),
                    "Replacing directory " + path + " with a file"));
            return;
        }
        removeTree(path);
        merge(path, StateResult.changed(Map.of("diff", "Replaced directory with a new file"), ""));
    }

    /** Removes what is below the target but not in {@code keep} (paths relative to it) and not excluded. */
    void clean(Set<String> keep, PathFilter filter, boolean test) throws IOException {
        if (!Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        List<Path> removed = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(target)) {
            for (Path p : (Iterable<Path>) walk.skip(1)::iterator) {
                String rel = target.relativize(p).toString();
                // below a path already going, every entry goes with it
                if (!keep.contains(rel) && !filter.excluded(rel) && removed.stream().noneMatch(p::startsWith)) {
                    removed.add(p);
                }
            }
        }
        if (removed.isEmpty()) {
            return;
        }
        if (test) {
            result = Boolean.FALSE.equals(result) ? result : null;
        } else {
            for (Path p : removed) {
                removeTree(p);
            }
        }
        changes.put("removed", removed.stream().map(Path::toString).toList());
    }

    StateResult result() {
        if (changes.isEmpty() && Boolean.TRUE.equals(result)) {
            return StateResult.ok("The directory " + target + " is in the correct state");
        }
        String comment = comments.isEmpty() ? "Recursively updated " + target : String.join("\n", comments);
        return new StateResult(result, changes, comment);
    }

    private static void removeTree(Path path) throws IOException {
        if (!Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
            Files.deleteIfExists(path);
            return;
        }
        try (Stream<Path> walk = Files.walk(path)) {
            for (Path p : (Iterable<Path>) walk.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(p);
            }
        }
    }
}
