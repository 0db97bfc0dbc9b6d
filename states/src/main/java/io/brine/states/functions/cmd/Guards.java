package io.brine.states.functions.cmd;

import io.brine.functions.Arguments;
import io.brine.functions.CommandResult;
import io.brine.functions.CommandRunner;
import io.brine.functions.StateContext;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * {@code onlyif}, {@code unless} and {@code creates}. They run in test mode too, as in Salt: they
 * are probes by convention, and without them test mode could not say whether the command would run.
 */
final class Guards {
  private Guards() {}

  /** A result that skips the command, or empty when it should run. */
  static Optional<StateResult> skip(Arguments args, ShellOptions shell, StateContext ctx)
      throws IOException, InterruptedException {
    CommandRunner commands = ctx.commands();
    List<String> creates = args.strings("creates");
    if (!creates.isEmpty() && creates.stream().allMatch(p -> Files.exists(Path.of(p)))) {
      return Optional.of(StateResult.ok("All files in creates exist"));
    }
    for (String probe : concat(args.strings("onlyif"), args.strings("unless"))) {
      Optional<String> refused = ctx.commandPolicy().refusal("cmd.run", probe);
      if (refused.isPresent()) {
        return Optional.of(StateResult.failed("onlyif/unless probe refused: " + refused.get()));
      }
    }
    for (String probe : args.strings("onlyif")) {
      CommandResult r = commands.run(shell.command(probe));
      if (!r.ok()) {
        return Optional.of(StateResult.ok("onlyif condition is false: " + probe));
      }
    }
    List<String> unless = args.strings("unless");
    if (!unless.isEmpty()) {
      for (String probe : unless) {
        if (!commands.run(shell.command(probe)).ok()) {
          return Optional.empty();
        }
      }
      return Optional.of(StateResult.ok("unless condition is true"));
    }
    return Optional.empty();
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> all = new java.util.ArrayList<>(a);
    all.addAll(b);
    return all;
  }
}
