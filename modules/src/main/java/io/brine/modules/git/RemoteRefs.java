package io.brine.modules.git;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/** The refs {@code git ls-remote --symref} lists: which commit each branch and tag names, and the default branch. */
final class RemoteRefs {
    private static final Pattern SHA = Pattern.compile("[0-9a-fA-F]{4,40}");

    /** What {@code rev} names in the remote: a branch (to track), a tag, or a commit given by its hash. */
    record Target(String sha, String branch) {
        boolean isBranch() {
            return branch != null;
        }
    }

    private final Map<String, String> refs;
    private final String defaultBranch;

    private RemoteRefs(Map<String, String> refs, String defaultBranch) {
        this.refs = refs;
        this.defaultBranch = defaultBranch;
    }

    static RemoteRefs parse(String lsRemote) {
        Map<String, String> refs = new LinkedHashMap<>();
        String head = null;
        for (String line : lsRemote.lines().toList()) {
            String[] f = line.split("\t");
            if (f.length != 2) {
                continue;
            }
            if (f[0].startsWith("ref: refs/heads/") && f[1].equals("HEAD")) {
                head = f[0].substring("ref: refs/heads/".length());
            } else {
                refs.put(f[1], f[0]);
            }
        }
        return new RemoteRefs(refs, head);
    }

    /** Resolves {@code rev} as Salt does: HEAD is the default branch, then branches, tags, and finally a hash. */
    Optional<Target> resolve(String rev) {
        if (rev.equals("HEAD")) {
            return defaultBranch != null ? resolve(defaultBranch)
                    : Optional.ofNullable(refs.get("HEAD")).map(sha -> new Target(sha, null));
        }
        String branch = refs.get("refs/heads/" + rev);
        if (branch != null) {
            return Optional.of(new Target(branch, rev));
        }
        // an annotated tag's own object is not a commit; ^{} is the commit it points at
        String tag = refs.getOrDefault("refs/tags/" + rev + "^{}", refs.get("refs/tags/" + rev));
        if (tag != null) {
            return Optional.of(new Target(tag, null));
        }
        return SHA.matcher(rev).matches() ? Optional.of(new Target(rev.toLowerCase(), null)) : Optional.empty();
    }
}
