package io.brine.modules.cmd;

import io.brine.functions.Arguments;
import io.brine.functions.Effect;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code cmd.run}: runs the name as a command, guarded by unless/onlyif/creates, with the options and the run
 * of the {@code cmd.run} function (through the shell, or split into words with {@code python_shell: false}).
 */
final class CmdRunState implements StateFunction {
    @Override
    public String name() {
        return "run";
    }

    @Override
    public List<Param> params() {
        return Guards.params();
    }

    @Override
    public List<Effect> effects(Arguments args) {
        return Guards.effects("cmd.run", args.name(), args);
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        try {
            CommandOptions options = CommandOptions.of("cmd.run", args);
            List<String> argv = options.argv("cmd.run", args.name());
            Optional<StateResult> skip = Guards.stop(args, options, ctx);
            if (skip.isPresent()) {
                return skip.get();
            }
            if (ctx.test()) {
                return StateResult.pending(Map.of("cmd", args.name()),
                        "Command \"" + args.name() + "\" would have been executed");
            }
            CmdExecution.Outcome out = CmdExecution.run("cmd.run", ctx.commands(), options, argv);
            return CommandOutcome.of(args.name(), out, args.bool("stateful"));
        } catch (FunctionException e) {
            return StateResult.failed(e.getMessage());
        }
    }

    /** Salt's cmd.run mod_watch: run the command again because something it watches changed. */
    @Override
    public Optional<StateResult> onWatch(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        return Optional.of(apply(args, ctx));
    }
}
