package io.brine.modules.git;

import io.brine.functions.StateResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code git.latest} on an existing clone: compare its HEAD with the remote's commit (no fetch needed to know), then
 * fetch and move only if it differs, refusing non-fast-forwards and discarding local changes only when forced.
 */
final class GitUpdate {
    private final Git git;
    private final LatestRequest req;
    private final boolean test;

    GitUpdate(Git git, LatestRequest req, boolean test) {
        this.git = git;
        this.req = req;
        this.test = test;
    }

    StateResult apply() throws IOException, InterruptedException, Git.GitFailure {
        Path target = req.target();
        String local = git.optional(target, "rev-parse", "--verify", "-q", "HEAD").orElse(null);
        String branch = git.optional(target, "symbolic-ref", "--short", "-q", "HEAD").orElse(null);
        String remoteUrl = git.optional(target, "config", "--get", "remote.origin.url").orElse(null);
        boolean dirty = !git.run(target, "status", "--porcelain", "--untracked-files=no").isEmpty();
        boolean onBranch = req.localBranch() == null || req.localBranch().equals(branch);
        boolean upToDate = req.wants(local) && onBranch;
        Map<String, Object> changes = new LinkedHashMap<>();
        if (!req.url().equals(remoteUrl)) {
            changes.put("remote", pair(remoteUrl, req.url()));
        }
        if (!onBranch) {
            changes.put("local_branch", pair(branch, req.localBranch()));
        }
        if (!upToDate) {
            changes.put("revision", pair(local, req.wanted().sha()));
        } else if (dirty && req.forceReset()) {
            changes.put("forced update", true);
        }
        if (changes.isEmpty()) {
            return StateResult.ok("Repository " + target + " is up-to-date");
        }
        if (dirty && !req.forceReset() && !upToDate) {
            return StateResult.failed("Repository " + target + " has uncommitted changes. Set 'force_reset' to True to"
                    + " force this update and discard these changes");
        }
        if (test) {
            return StateResult.pending(changes, upToDate ? "Repository " + target + " would be reset"
                    : "Repository " + target + " would be updated from " + local + " to " + req.wanted().sha());
        }
        if (changes.containsKey("remote")) {
            git.run(target, "remote", remoteUrl == null ? "add" : "set-url", "origin", req.url());
        }
        List<String> fetch = new ArrayList<>(List.of("fetch", "--quiet", "--tags"));
        fetch.addAll(req.depthArgs());
        fetch.add("origin");
        git.run(target, fetch.toArray(String[]::new));
        String wanted = git.run(target, "rev-parse", "--verify", req.wanted().sha() + "^{commit}");
        Optional<String> refused = fastForwardRefusal(local, wanted, branch);
        if (refused.isPresent()) {
            return StateResult.failed(refused.get());
        }
        if (dirty) {
            git.run(target, "reset", "--quiet", "--hard", "HEAD");
        }
        new Checkout(git, req).to(wanted);
        String now = git.run(target, "rev-parse", "HEAD");
        if (changes.containsKey("revision")) {
            changes.put("revision", pair(local, now));
        }
        return StateResult.changed(changes, "Repository " + target + " updated"
                + (Objects.equals(local, now) ? "" : " from " + local + " to " + now));
    }

    /** Staying on the same branch, a move that drops local commits needs force_reset (except in a shallow clone). */
    private Optional<String> fastForwardRefusal(String local, String wanted, String branch)
            throws IOException, InterruptedException {
        if (req.forceReset() || local == null || local.equals(wanted) || branch == null
                || !branch.equals(req.localBranch())) {
            return Optional.empty();
        }
        // a shallow fetch cuts the history that would show the old commit below the new one; a shallow clone keeps
        // no history worth protecting, so it simply follows the branch
        boolean shallow = req.depth() != null
                || "true".equals(git.optional(req.target(), "rev-parse", "--is-shallow-repository").orElse(""));
        boolean ancestor = shallow || git.attempt(req.target(), "merge-base", "--is-ancestor", local, wanted).ok();
        return ancestor ? Optional.empty() : Optional.of("Repository " + req.target() + " would be updated from " + local
                + " to " + wanted + ", but this is not a fast-forward merge. Set 'force_reset' to True to force this update");
    }

    private static Map<String, Object> pair(Object old, Object now) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("old", old);
        out.put("new", now);
        return out;
    }
}
