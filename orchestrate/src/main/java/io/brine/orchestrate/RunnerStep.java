package io.brine.orchestrate;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import io.brine.master.AccessDeniedException;
import io.brine.master.internal.Orchestrator;
import java.util.List;
import java.util.Map;

/**
 * {@code salt.runner}: one of the master's own operations ({@code name}: {@code manage.status}, {@code manage.up},
 * {@code manage.down}, {@code key.accept}, {@code jobs.lookup_jid}), its other arguments passed on. Each needs the
 * right its CLI command needs. In test mode it runs nothing, as in Salt.
 */
final class RunnerStep implements StateFunction {
    private final Orchestrator.Host host;

    RunnerStep(Orchestrator.Host host) {
        this.host = host;
    }

    @Override
    public String name() {
        return "runner";
    }

    @Override
    public String doc() {
        return "Runs one of the master's runners (manage.status, manage.up, manage.down, key.accept, "
                + "jobs.lookup_jid) with the other arguments given.";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.optional("arg", Param.Type.LIST, List.of(), "its positional arguments"));
    }

    @Override
    public boolean acceptsExtraArguments() {
        return true;
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws InterruptedException {
        String runner = args.name();
        if (ctx.test()) {
            return StateResult.pending(Map.of(), "Runner function '" + runner + "' would be executed.");
        }
        try {
            Object ret = host.runner(runner, args.list("arg"), args.extras());
            return StateResult.changed(Map.of("return", ret), "Runner function '" + runner + "' executed.");
        } catch (AccessDeniedException | IllegalArgumentException e) {
            return StateResult.failed(e.getMessage());
        }
    }
}
