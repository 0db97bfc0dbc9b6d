package io.brine.functions;

import java.io.IOException;

/**
 * How functions of both kinds run programs: the one runner puts each command in a process group of its own,
 * kills the whole group and every descendant on timeout, interrupt or job kill (and, through a guard process,
 * when the minion itself dies), streams output with a cap, and reports truncation.
 *
 * <pre>{@code
 * CommandResult r = ctx.commands().run(Command.of("getent", "passwd", user));
 * if (r.ok()) { ... r.stdout() ... }
 * }</pre>
 */
public interface CommandRunner {
    /**
     * Runs the command to its end or its timeout.
     *
     * @throws IOException if it could not be started (no such program, a bad directory)
     * @throws InterruptedException if interrupted; the command and its children are killed first
     */
    CommandResult run(Command command) throws IOException, InterruptedException;

    default CommandResult run(String... argv) throws IOException, InterruptedException {
        return run(Command.of(argv));
    }
}
