package io.brine.modules.git;

import io.brine.functions.Arguments;
import io.brine.functions.Effect;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * {@code git.latest}: a clone of the repository at {@code target}, checked out at what {@code rev} names in the
 * remote now (a branch's newest commit, a tag, or a commit hash). Only fast-forwards are taken unless
 * {@code force_reset}; uncommitted changes block an update unless {@code force_reset} discards them.
 *
 * <pre>
 * https://git.example.com/app.git:
 *   git.latest:
 *     - target: /srv/app
 *     - rev: main
 *     - user: deploy
 * </pre>
 */
final class GitLatest implements StateFunction {
    @Override
    public String name() {
        return "latest";
    }

    @Override
    public String doc() {
        return "Clones a repository to target, or updates the clone to the remote's revision for rev.";
    }

    @Override
    public List<Param> params() {
        return List.of(
                Param.required("target", Type.STRING, "the directory of the clone"),
                Param.optional("rev", Type.STRING, "HEAD", "branch, tag or commit hash; HEAD is the remote's default branch"),
                Param.optional("branch", Type.STRING, null, "the local branch name (default: rev when rev is a branch)"),
                Param.optional("user", Type.STRING, null, "the account that runs git and owns the clone"),
                Param.optional("force_reset", Type.BOOLEAN, false, "take non-fast-forward updates, discarding local changes"),
                Param.optional("force_clone", Type.BOOLEAN, false, "remove a non-empty target that is not a clone"),
                Param.optional("depth", Type.INTEGER, null, "a shallow clone of this many commits"),
                Param.optional("submodules", Type.BOOLEAN, false, "update the submodules after each checkout"));
    }

    /**
     * An {@code ext::} URL is a command git runs to reach the repository (once its configuration allows the
     * transport): judged as that command line.
     */
    @Override
    public List<Effect> effects(Arguments args) {
        String url = args.name();
        return url.startsWith("ext::") ? List.of(new Effect.RunsCommand("the ext:: transport's command",
                url.substring("ext::".length()))) : List.of();
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        Path target = Path.of(args.string("target"));
        if (!target.isAbsolute()) {
            return StateResult.failed("Target '" + target + "' is not an absolute path");
        }
        try {
            Git git = Git.as(args.string("user"), ctx);
            String rev = args.string("rev");
            RemoteRefs refs;
            try {
                refs = RemoteRefs.parse(git.run(null, "ls-remote", "--symref", "--", args.name()));
            } catch (Git.GitFailure e) {
                return StateResult.failed("Failed to check remote refs: " + e.getMessage());
            }
            Optional<RemoteRefs.Target> wanted = refs.resolve(rev);
            if (wanted.isEmpty()) {
                return StateResult.failed("No revision matching '" + rev + "' exists in the remote repository");
            }
            String branch = args.optString("branch").orElse(wanted.get().branch());
            LatestRequest req = new LatestRequest(args.name(), target, rev, wanted.get(), branch, args.integer("depth"),
                    args.bool("submodules"), args.bool("force_reset"), args.bool("force_clone"));
            return Files.isDirectory(target.resolve(".git")) ? new GitUpdate(git, req, ctx.test()).apply()
                    : new GitClone(git, req, ctx.test()).apply();
        } catch (Git.GitFailure e) {
            return StateResult.failed(e.getMessage());
        }
    }
}
