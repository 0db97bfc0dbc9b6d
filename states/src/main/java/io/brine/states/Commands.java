package io.brine.states;

import java.io.IOException;

/**
 * How state functions run programs. The engine's implementation captures output through files, not
 * pipes, so a daemon that inherits the descriptors cannot keep a state waiting forever.
 *
 * <pre>{@code
 * CommandResult r = ctx.commands().run(Command.of("getent", "passwd", user));
 * if (r.ok()) { ... r.stdout() ... }
 * }</pre>
 */
public interface Commands {
  CommandResult run(Command command) throws IOException, InterruptedException;

  default CommandResult run(String... argv) throws IOException, InterruptedException {
    return run(Command.of(argv));
  }
}
