package io.brine.modules.service;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import io.brine.modules.service.ServiceManager.Action;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code service.running}: the service runs (and starts at boot when {@code enable} says so).
 * When a watched state changed, the service restarts, or reloads with {@code reload: true}.
 */
final class ServiceRunning implements StateFunction {
    @Override
    public String name() {
        return "running";
    }

    @Override
    public List<Param> params() {
        return List.of(
                Param.optional("enable", Type.BOOLEAN, null, "also start at boot (true) or not (false)"),
                Param.optional("reload", Type.BOOLEAN, false, "on watch, reload instead of restart"));
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        ServiceManager pm = ServiceManagers.detect(ctx.commands());
        String service = args.name();
        if (!pm.available(service)) {
            if (ctx.test()) {
                // In a dry run the package that provides the service may be one of the states still to apply:
                // report the start as a pending change instead of failing the whole plan.
                return StateResult.pending(Map.of(service, true), "Service " + service
                        + " not present; if created in this state run, it would have been started");
            }
            return StateResult.failed("The named service " + service + " is not available (" + pm.name() + ")");
        }
        Map<String, Object> changes = new LinkedHashMap<>();
        boolean running = pm.running(service);
        if (!running) {
            changes.put(service, true);
        }
        Boolean enable = (Boolean) args.raw("enable");
        Optional<StateResult> failed = Enablement.converge(pm, service, enable, ctx.test(), changes);
        if (failed.isPresent()) {
            return failed.get();
        }
        if (changes.isEmpty()) {
            return StateResult.ok("The service " + service + " is already running");
        }
        if (ctx.test()) {
            return StateResult.pending(changes, "Service " + service + " is set to start");
        }
        if (!running && (!pm.act(service, Action.START) || !pm.running(service))) {
            return new StateResult(false, changes, "Service " + service + " failed to start");
        }
        return StateResult.changed(changes, running ? "Service " + service + " is running" : "Started service " + service);
    }

    @Override
    public Optional<StateResult> onWatch(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        ServiceManager pm = ServiceManagers.detect(ctx.commands());
        String service = args.name();
        Action action = args.bool("reload") ? Action.RELOAD : Action.RESTART;
        String verb = action == Action.RELOAD ? "reloaded" : "restarted";
        if (ctx.test()) {
            return Optional.of(StateResult.pending(Map.of(service, true), "Service is set to be " + verb));
        }
        if (!pm.act(service, action) || !pm.running(service)) {
            return Optional.of(StateResult.failed("Service " + service + " failed to be " + verb));
        }
        return Optional.of(StateResult.changed(Map.of(service, true), "Service " + verb));
    }
}
