package io.brine.orchestrate;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import io.brine.master.internal.Orchestrator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code salt.function}: runs one execution function ({@code name}) on the minions a target matches, as the run's
 * caller; fails when one fails or does not return. Its changes are {@code {ret: {minion: return}}}. In test mode it
 * runs nothing and says what it would run, as Salt does.
 */
final class FunctionStep implements StateFunction {
    private final Orchestrator.Host host;

    FunctionStep(Orchestrator.Host host) {
        this.host = host;
    }

    @Override
    public String name() {
        return "function";
    }

    @Override
    public String doc() {
        return "Runs the execution function name on the minions tgt matches, with arg and kwarg.";
    }

    @Override
    public List<Param> params() {
        List<Param> params = new ArrayList<>(StepJobs.params());
        params.addAll(List.of(Param.optional("arg", Param.Type.LIST, List.of(), "its positional arguments"),
                Param.optional("kwarg", Param.Type.MAP, Map.of(), "its keyword arguments")));
        return params;
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws InterruptedException {
        String function = args.name();
        if (ctx.test()) {
            return StateResult.pending(Map.of(), "Function " + function + " would be executed on target "
                    + args.string("tgt"));
        }
        StepJobs.Ran ran;
        try {
            ran = StepJobs.run(host, StepJobs.spec(args, function, args.list("arg"), args.map("kwarg")));
        } catch (IllegalArgumentException e) {
            return StateResult.failed(e.getMessage());
        }
        if (ran.refused() != null) {
            return StateResult.failed(ran.refused());
        }
        if (ran.job().expected().isEmpty()) {
            return StateResult.failed("No minions responded");
        }
        StepJobs.Outcomes o = StepJobs.Outcomes.of(ran.job(), args);
        Map<String, Object> changes = Map.of("ret", o.returns());
        String ranOn = " Function " + function + " ran on " + String.join(", ", o.returns().keySet()) + ". Job "
                + ran.job().jid() + ".";
        if (!o.failed().isEmpty()) {
            return new StateResult(false, changes, "Running function " + function + " failed on minions: "
                    + String.join(", ", o.failed()) + "." + ranOn);
        }
        return new StateResult(true, changes, "Function ran successfully." + ranOn);
    }
}
