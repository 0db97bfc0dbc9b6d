package io.brine.modules.cmd;

import io.brine.functions.Arguments;
import io.brine.functions.Effect;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import io.brine.modules.Sources;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code cmd.script}: fetches a script from the state tree (or the minion's disk) and runs a private copy of it
 * with the given arguments, exactly as the {@code cmd.script} function does (see {@link ScriptCopy}).
 */
final class CmdScriptState implements StateFunction {
    @Override
    public String name() {
        return "script";
    }

    @Override
    public List<Param> params() {
        List<Param> params = new ArrayList<>(Guards.params());
        params.add(Param.optional("source", Type.STRING, null, "brine://path of the script; defaults to name"));
        params.add(Param.optional("args", Type.STRING, "", "arguments, split into words as a shell would"));
        return params;
    }

    /** The script as the caller named it, with its arguments, as the cmd.script function is judged. */
    @Override
    public List<Effect> effects(Arguments args) {
        String source = args.optString("source").orElse(args.name());
        return Guards.effects("cmd.script", args.optString("args").map(a -> source + " " + a).orElse(source), args);
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        try {
            CommandOptions options = CommandOptions.of("cmd.script", args);
            String source = args.optString("source").orElse(args.name());
            Optional<Path> script = Sources.resolve(source, ctx.files());
            if (script.isEmpty()) {
                return StateResult.failed("Script " + source + " not found");
            }
            Optional<StateResult> skip = Guards.stop(args, options, ctx);
            if (skip.isPresent()) {
                return skip.get();
            }
            if (ctx.test()) {
                return StateResult.pending(Map.of("cmd", source), "Command \"" + source + "\" would have been executed");
            }
            try (ScriptCopy copy = ScriptCopy.of(script.get(), options.runas(), null)) {
                List<String> argv = copy.argv(options.shell(), args.string("args"), "cmd.script");
                CmdExecution.Outcome out = CmdExecution.run("cmd.script", ctx.commands(), options, argv);
                return CommandOutcome.of(source, out, args.bool("stateful"));
            }
        } catch (FunctionException e) {
            return StateResult.failed(e.getMessage());
        }
    }

    /** Salt's mod_watch runs the script again when something it watches changed, as for cmd.run. */
    @Override
    public Optional<StateResult> onWatch(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        return Optional.of(apply(args, ctx));
    }
}
