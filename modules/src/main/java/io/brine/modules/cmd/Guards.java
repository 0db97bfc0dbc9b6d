package io.brine.modules.cmd;

import io.brine.functions.Arguments;
import io.brine.functions.Effect;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.StateContext;
import io.brine.functions.StateGuards;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;


/**
 * {@code onlyif}, {@code unless} and {@code creates}. They run in test mode too, as in Salt: they
 * are probes by convention, and without them test mode could not say whether the command would run.
 */
final class Guards {
    private Guards() {}

    /** The cmd functions' options, then what only the states take. */
    static List<Param> params() {
        List<Param> params = new ArrayList<>(CommandOptions.PARAMS);
        params.add(Param.optional("unless", Type.STRING_LIST, null, "skip when every one of these commands succeeds"));
        params.add(Param.optional("onlyif", Type.STRING_LIST, null,
                "run only when every one of these commands succeeds"));
        params.add(Param.optional("creates", Type.STRING_LIST, null, "skip when all of these paths exist"));
        params.add(Param.optional("stateful", Type.BOOLEAN, false,
                "the command reports changed=yes|no on its last line"));
        return List.copyOf(params);
    }

    /**
     * What the minion's policy judges before a cmd state runs anything: the command line as the caller wrote it
     * ({@code asked}), the onlyif/unless probes, and a chosen shell or environment (unparseable options are left
     * out: the state fails on them before it runs anything).
     */
    static List<Effect> effects(String function, String asked, Arguments args) {
        List<Effect> out = new ArrayList<>();
        out.add(new Effect.RunsCommand("the command", asked));
        args.strings("onlyif").forEach(line -> out.add(new Effect.RunsCommand("onlyif probe", line)));
        args.strings("unless").forEach(line -> out.add(new Effect.RunsCommand("unless probe", line)));
        try {
            CommandOptions options = CommandOptions.of(function, args);
            out.addAll(Effect.ofOptions(options.pythonShell() ? options.shell() : null, options.env()));
        } catch (FunctionException e) {
            // apply fails on the same options first
        }
        return out;
    }

    /** What stops a cmd state before its command: onlyif/unless/creates; empty when the command should run. */
    static Optional<StateResult> stop(Arguments args, CommandOptions options, StateContext ctx)
            throws IOException, InterruptedException {
        return new StateGuards(args.strings("onlyif"), args.strings("unless"), args.strings("creates"))
                .skip(options::probe, ctx);
    }
}
