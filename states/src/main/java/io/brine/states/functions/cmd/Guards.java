package io.brine.states.functions.cmd;

import io.brine.functions.Arguments;
import io.brine.functions.StateContext;
import io.brine.functions.StateResult;
import io.brine.states.internal.compiler.StateGuards;
import io.brine.states.internal.runtime.Probes;
import java.io.IOException;
import java.util.Optional;


/**
 * {@code onlyif}, {@code unless} and {@code creates}. They run in test mode too, as in Salt: they
 * are probes by convention, and without them test mode could not say whether the command would run.
 */
final class Guards {
  private Guards() {}

  /** A result that skips the command, or empty when it should run; the probes use the state's own shell. */
  static Optional<StateResult> skip(Arguments args, ShellOptions shell, StateContext ctx)
      throws IOException, InterruptedException {
    return Probes.skip(new StateGuards(args.strings("onlyif"), args.strings("unless"), args.strings("creates")),
        shell::command, ctx);
  }
}
