package io.brine.modules.file;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * {@code file.directory}'s {@code clean}, as Salt does it: everything below the directory goes except what the file
 * states it requires manage. A required file is kept with every directory above it; a required directory is kept
 * with everything inside it (whatever state fills it owns its content).
 */
final class DirectoryClean {
    private DirectoryClean() {}

    /** What would go, shallowest first; a removed directory's content is not listed separately. */
    static List<Path> unkept(Path root, List<String> requiredNames) throws IOException {
        Set<Path> keep = new HashSet<>();
        List<Path> keptTrees = new ArrayList<>();
        for (String name : requiredNames) {
            Path kept = Path.of(name).normalize();
            if (!kept.isAbsolute() || !kept.startsWith(root) || kept.equals(root)) {
                continue;
            }
            if (Files.isDirectory(kept, LinkOption.NOFOLLOW_LINKS)) {
                keptTrees.add(kept);
            }
            for (Path p = kept; p != null && p.startsWith(root); p = p.getParent()) {
                keep.add(p);
            }
        }
        List<Path> gone = new ArrayList<>();
        if (!Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS)) {
            return gone;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : (Iterable<Path>) walk.skip(1)::iterator) {
                boolean inKeptTree = keptTrees.stream().anyMatch(p::startsWith);
                boolean underGone = gone.stream().anyMatch(g -> p.startsWith(g));
                if (!keep.contains(p) && !inKeptTree && !underGone) {
                    gone.add(p);
                }
            }
        }
        return gone;
    }

    /** Removes each the {@code file.remove} way; one gone meanwhile is no error. */
    static void remove(List<Path> gone) throws IOException, InterruptedException {
        for (Path p : gone) {
            try (SecureDirectoryStream<Path> parent = FileEntries.open(p.getParent())) {
                FileEntries.remove(parent, p.getFileName());
            }
        }
    }
}
