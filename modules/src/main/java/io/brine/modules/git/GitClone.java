package io.brine.modules.git;

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
import java.util.stream.Stream;

/** {@code git.latest} where there is no clone yet: clone, then check out what was asked for. */
final class GitClone {
    private final Git git;
    private final LatestRequest req;
    private final boolean test;

    GitClone(Git git, LatestRequest req, boolean test) {
        this.git = git;
        this.req = req;
        this.test = test;
    }

    StateResult apply() throws IOException, InterruptedException, Git.GitFailure {
        Path target = req.target();
        boolean occupied = Files.exists(target, LinkOption.NOFOLLOW_LINKS) && !isEmptyDirectory(target);
        if (occupied && !req.forceClone()) {
            return StateResult.failed("Target '" + target + "' exists, is non-empty and is not a git repository. Set"
                    + " 'force_clone' to True to remove it and proceed with cloning the remote repository");
        }
        Map<String, Object> changes = new LinkedHashMap<>();
        changes.put("new", req.url() + " => " + target);
        if (test) {
            changes.put("revision", revision(req.wanted().sha()));
            return StateResult.pending(changes, (occupied ? "Target '" + target + "' would be removed and " : "")
                    + "Repository " + req.url() + " would be cloned to " + target);
        }
        if (occupied) {
            removeTree(target);
            changes.put("forced clone", true);
        }
        List<String> clone = new ArrayList<>(List.of("clone"));
        clone.addAll(req.depthArgs());
        // a branch or a tag can be cloned directly; a commit hash is checked out afterwards
        if (!req.rev().equals("HEAD") && (req.wanted().isBranch() || !req.rev().equals(req.wanted().sha()))) {
            clone.addAll(List.of("--branch", req.rev()));
        }
        clone.addAll(List.of("--", req.url(), target.toString()));
        git.run(null, clone.toArray(String[]::new));
        new Checkout(git, req).to(git.run(target, "rev-parse", "--verify", req.wanted().sha() + "^{commit}"));
        changes.put("revision", revision(git.run(target, "rev-parse", "HEAD")));
        return StateResult.changed(changes, "Repository " + req.url() + " cloned to " + target);
    }

    private static Map<String, Object> revision(String sha) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("old", null);
        out.put("new", sha);
        return out;
    }

    private static boolean isEmptyDirectory(Path dir) throws IOException {
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return false;
        }
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.findAny().isEmpty();
        }
    }

    private static void removeTree(Path path) throws IOException {
        try (Stream<Path> walk = Files.walk(path)) {
            for (Path p : (Iterable<Path>) walk.sorted(Comparator.reverseOrder())::iterator) {
                Files.delete(p);
            }
        }
    }
}
