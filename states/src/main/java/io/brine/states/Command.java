package io.brine.states;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A program to run: argv (never a shell unless asked for with {@link #shell}), working directory,
 * extra environment, the user to run as, and a timeout.
 */
public record Command(List<String> argv, Path cwd, Map<String, String> env, String runas, Duration timeout) {
  public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(10);

  public Command {
    argv = List.copyOf(argv);
    if (argv.isEmpty()) {
      throw new IllegalArgumentException("a command needs at least a program name");
    }
    env = Map.copyOf(Objects.requireNonNullElse(env, Map.of()));
    timeout = Objects.requireNonNullElse(timeout, DEFAULT_TIMEOUT);
  }

  public static Command of(String... argv) {
    return new Command(List.of(argv), null, Map.of(), null, null);
  }

  public static Command of(List<String> argv) {
    return new Command(argv, null, Map.of(), null, null);
  }

  /** A shell command line, as {@code cmd.run} takes it. */
  public static Command shell(String script) {
    return of("/bin/sh", "-c", script);
  }

  public Command withCwd(Path dir) {
    return new Command(argv, dir, env, runas, timeout);
  }

  public Command withEnv(Map<String, String> extra) {
    return new Command(argv, cwd, extra, runas, timeout);
  }

  public Command withRunas(String user) {
    return new Command(argv, cwd, env, user, timeout);
  }

  public Command withTimeout(Duration limit) {
    return new Command(argv, cwd, env, runas, limit);
  }
}
