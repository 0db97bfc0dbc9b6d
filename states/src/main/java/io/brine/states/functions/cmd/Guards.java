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

    /**
     * What stops a cmd state before its command: the minion's policy on the command line as asked ({@code asked})
     * and on a chosen shell or environment, then onlyif/unless/creates; empty when the command should run.
     */
    static Optional<StateResult> stop(String function, String asked, Arguments args, ShellOptions shell,
            StateContext ctx) throws IOException, InterruptedException {
        Optional<String> refused = ctx.commandPolicy().refusal(function, asked);
        if (refused.isEmpty()) {
            refused = ctx.commandPolicy().optionRefusal(function, shell.shell(), shell.env());
        }
        if (refused.isPresent()) {
            return Optional.of(StateResult.failed(refused.get()));
        }
        return skip(args, shell, ctx);
    }

    /** A result that skips the command, or empty when it should run; the probes use the state's own shell. */
    static Optional<StateResult> skip(Arguments args, ShellOptions shell, StateContext ctx)
            throws IOException, InterruptedException {
        return Probes.skip(new StateGuards(args.strings("onlyif"), args.strings("unless"), args.strings("creates")),
                shell::command, ctx);
    }
}
