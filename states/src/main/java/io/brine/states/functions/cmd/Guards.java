package io.brine.states.functions.cmd;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.StateContext;
import io.brine.functions.StateResult;
import io.brine.states.internal.compiler.StateGuards;
import io.brine.states.internal.runtime.Probes;
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
     * What stops a cmd state before its command: the minion's policy on the command line as asked ({@code asked})
     * and on a chosen shell or environment, then onlyif/unless/creates; empty when the command should run.
     */
    static Optional<StateResult> stop(String function, String asked, Arguments args, CommandOptions options,
            StateContext ctx) throws IOException, InterruptedException {
        Optional<String> refused = options.refusal(function, ctx.commandPolicy(), asked);
        if (refused.isPresent()) {
            return Optional.of(StateResult.failed(refused.get()));
        }
        return Probes.skip(new StateGuards(args.strings("onlyif"), args.strings("unless"), args.strings("creates")),
                options::probe, ctx);
    }
}
