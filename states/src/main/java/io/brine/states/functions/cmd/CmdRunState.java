package io.brine.states.functions.cmd;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** {@code cmd.run}: runs the name as a shell command, guarded by unless/onlyif/creates. */
final class CmdRunState implements StateFunction {
    @Override
    public String name() {
        return "run";
    }

    @Override
    public List<Param> params() {
        return ShellOptions.params();
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        ShellOptions shell;
        try {
            shell = ShellOptions.of(args);
        } catch (IllegalArgumentException e) {
            return StateResult.failed(e.getMessage());
        }
        Optional<StateResult> skip = Guards.stop("cmd.run", args.name(), args, shell, ctx);
        if (skip.isPresent()) {
            return skip.get();
        }
        if (ctx.test()) {
            return StateResult.pending(Map.of("cmd", args.name()), "Command \"" + args.name() + "\" would have been executed");
        }
        return CommandOutcome.of(args.name(), ctx.commands().run(shell.command(args.name())), args.bool("stateful"));
    }

    /** Salt's cmd.run mod_watch: run the command again because something it watches changed. */
    @Override
    public Optional<StateResult> onWatch(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        return Optional.of(apply(args, ctx));
    }
}
