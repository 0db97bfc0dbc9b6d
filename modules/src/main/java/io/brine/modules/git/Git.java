package io.brine.modules.git;

import io.brine.functions.Command;
import io.brine.functions.CommandResult;
import io.brine.functions.StateContext;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * git(1) through the state's process runner, as {@code user} when given. runuser keeps root's HOME, so for another
 * user HOME is set to theirs: git reads (and {@code --global} writes) that user's own configuration.
 */
final class Git {
    /** A git command that failed: its arguments and what it printed. */
    static final class GitFailure extends Exception {
        GitFailure(String message) {
            super(message);
        }
    }

    private final StateContext ctx;
    private final String user;
    private final Map<String, String> env;

    private Git(StateContext ctx, String user, Map<String, String> env) {
        this.ctx = ctx;
        this.user = user;
        this.env = env;
    }

    static Git as(String user, StateContext ctx) throws IOException, InterruptedException, GitFailure {
        if (user == null) {
            return new Git(ctx, null, Map.of("GIT_TERMINAL_PROMPT", "0"));
        }
        CommandResult r = ctx.commands().run("getent", "passwd", user);
        String[] fields = r.stdout().strip().split(":");
        if (!r.ok() || fields.length < 6) {
            throw new GitFailure("User " + user + " is not available");
        }
        return new Git(ctx, user, Map.of("HOME", fields[5], "GIT_TERMINAL_PROMPT", "0"));
    }

    /** Runs git in {@code cwd} (null: the runner's directory); throws with git's own message when it fails. */
    String run(Path cwd, String... args) throws IOException, InterruptedException, GitFailure {
        CommandResult r = attempt(cwd, args);
        if (!r.ok()) {
            throw new GitFailure("git " + String.join(" ", args) + " failed: "
                    + (r.diagnostic().isEmpty() ? "exit code " + r.exitCode() : r.diagnostic()));
        }
        return r.stdout().strip();
    }

    /** Runs git and hands back the result whatever it is, for commands whose failure is an answer. */
    CommandResult attempt(Path cwd, String... args) throws IOException, InterruptedException {
        List<String> argv = new ArrayList<>(List.of("git"));
        argv.addAll(List.of(args));
        Command c = Command.of(argv).withEnv(env);
        c = cwd == null ? c : c.withCwd(cwd);
        return ctx.commands().run(user == null ? c : c.withRunas(user));
    }

    /** The text of a command that may print nothing and fail doing so (an unset key, a detached HEAD). */
    Optional<String> optional(Path cwd, String... args) throws IOException, InterruptedException {
        CommandResult r = attempt(cwd, args);
        return r.ok() ? Optional.of(r.stdout().strip()) : Optional.empty();
    }
}
