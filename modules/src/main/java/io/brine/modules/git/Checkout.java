package io.brine.modules.git;

import java.io.IOException;

/** Puts a clone on a commit: on the wanted local branch (tracking the remote branch) or detached, then submodules. */
final class Checkout {
    private final Git git;
    private final LatestRequest req;

    Checkout(Git git, LatestRequest req) {
        this.git = git;
        this.req = req;
    }

    void to(String sha) throws IOException, InterruptedException, Git.GitFailure {
        if (req.localBranch() == null) {
            git.run(req.target(), "checkout", "--quiet", "--detach", sha);
        } else {
            git.run(req.target(), "checkout", "--quiet", "-B", req.localBranch(), sha);
            if (req.wanted().isBranch()) {
                git.run(req.target(), "branch", "--quiet", "--set-upstream-to=origin/" + req.wanted().branch(),
                        req.localBranch());
            }
        }
        if (req.submodules()) {
            git.run(req.target(), "submodule", "update", "--init", "--recursive");
        }
    }
}
