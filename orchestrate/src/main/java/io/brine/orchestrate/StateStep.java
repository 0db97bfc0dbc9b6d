package io.brine.orchestrate;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import io.brine.master.internal.Orchestrator;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code salt.state}: applies state files (or the highstate) on the minions a target matches, as the run's caller,
 * and fails when any of them fails or does not return. Its changes are Salt's: {@code {out: highstate, ret:
 * {minion: its state run}}} for the minions that changed or failed. In test mode the minions run their states in test
 * mode and report what would change.
 */
final class StateStep implements StateFunction {
    private final Orchestrator.Host host;

    StateStep(Orchestrator.Host host) {
        this.host = host;
    }

    @Override
    public String name() {
        return "state";
    }

    @Override
    public String doc() {
        return "Applies sls (or the highstate) on the minions tgt matches; fails when one fails or does not return.";
    }

    @Override
    public List<Param> params() {
        List<Param> params = new ArrayList<>(StepJobs.params());
        params.addAll(List.of(Param.optional("sls", Param.Type.ANY, null, "state files, a list or 'a,b'"),
                Param.optional("highstate", Param.Type.BOOLEAN, false, "apply what top.sls assigns instead"),
                Param.optional("pillar", Param.Type.MAP, null, "merged over each minion's pillar for this run"),
                Param.optional("test", Param.Type.BOOLEAN, null, "run the minions' states in test mode"),
                Param.optional("queue", Param.Type.BOOLEAN, false, "wait for a state run going on a minion"),
                Param.optional("concurrent", Param.Type.BOOLEAN, false, "run beside a state run going on a minion")));
        return params;
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws InterruptedException {
        String function;
        List<Object> positional = new ArrayList<>();
        if (args.bool("highstate")) {
            function = "state.highstate";
        } else if (args.get("sls") != null) {
            function = "state.sls";
            positional.add(StepJobs.slsList(args.get("sls")));
        } else {
            return StateResult.failed("No highstate or sls specified, no execution made");
        }
        Map<String, Object> kwargs = new LinkedHashMap<>();
        if (ctx.test() || Boolean.TRUE.equals(args.get("test"))) {
            kwargs.put("test", true);
        }
        if (args.get("pillar") != null) {
            kwargs.put("pillar", args.map("pillar"));
        }
        for (String flag : List.of("queue", "concurrent")) {
            if (args.bool(flag)) {
                kwargs.put(flag, true);
            }
        }
        StepJobs.Ran ran;
        try {
            ran = StepJobs.run(host, StepJobs.spec(args, function, positional, kwargs));
        } catch (IllegalArgumentException e) {
            return StateResult.failed(e.getMessage());
        }
        if (ran.refused() != null) {
            return StateResult.failed(ran.refused());
        }
        return result(ran, args, ctx.test());
    }

    private static StateResult result(StepJobs.Ran ran, Arguments args, boolean test) {
        if (ran.job().expected().isEmpty()) {
            return StateResult.failed("No minions returned");
        }
        StepJobs.Outcomes o = StepJobs.Outcomes.of(ran.job(), args);
        Map<String, Object> changed = new LinkedHashMap<>();
        List<String> unchanged = new ArrayList<>();
        o.returns().forEach((id, ret) -> {
            if (o.failed().contains(id) || anyChanges(ret)) {
                changed.put(id, ret);
            } else {
                unchanged.add(id);
            }
        });
        Map<String, Object> changes = changed.isEmpty() ? Map.of() : Map.of("out", "highstate", "ret", changed);
        String jid = " Job " + ran.job().jid() + ".";
        if (!o.failed().isEmpty()) {
            return new StateResult(false, changes, "Run failed on minions: " + String.join(", ", o.failed()) + "."
                    + jid);
        }
        StringBuilder comment = new StringBuilder("States ran successfully.");
        if (!changed.isEmpty()) {
            comment.append(" Updating ").append(String.join(", ", changed.keySet())).append('.');
        }
        if (!unchanged.isEmpty()) {
            comment.append(" No changes made to ").append(String.join(", ", unchanged)).append('.');
        }
        comment.append(jid);
        // test mode with changes is the one case whose result is None, as in Salt
        return new StateResult(test && !changed.isEmpty() ? null : true, changes, comment.toString());
    }

    /** Whether a minion's state run (Salt's highstate dict) changed anything, or would. */
    private static boolean anyChanges(Object ret) {
        if (!(ret instanceof Map<?, ?> states)) {
            return false;
        }
        for (Object state : states.values()) {
            if (state instanceof Map<?, ?> s && s.get("changes") instanceof Map<?, ?> c && !c.isEmpty()) {
                return true;
            }
        }
        return false;
    }
}
