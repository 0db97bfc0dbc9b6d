package io.brine.modules.git;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One {@code git.latest} as resolved against the remote: where from and to, the commit {@code rev} names there, and
 * the local branch to keep it on (null for a detached HEAD: a tag or a commit hash with no {@code branch} given).
 */
record LatestRequest(String url, Path target, String rev, RemoteRefs.Target wanted, String localBranch, Long depth,
        boolean submodules, boolean forceReset, boolean forceClone) {

    /** {@code --depth N} for clone and fetch, or nothing. */
    List<String> depthArgs() {
        List<String> out = new ArrayList<>();
        if (depth != null) {
            out.add("--depth");
            out.add(String.valueOf(depth));
        }
        return out;
    }

    /** Whether a full or abbreviated commit hash is the one wanted. */
    boolean wants(String sha) {
        return sha != null && sha.startsWith(wanted.sha());
    }
}
