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

/** {@code service.dead}: the service is stopped (and kept from boot when {@code enable: false}). */
final class ServiceDead implements StateFunction {
    @Override
    public String name() {
        return "dead";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.optional("enable", Type.BOOLEAN, null, "also start at boot (true) or not (false)"));
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        ServiceManager pm = ServiceManagers.detect(ctx.commands());
        String service = args.name();
        if (!pm.available(service)) {
            // Salt's outcome: a service that is not there is not running; a plan says what would happen if an
            // earlier state of the run installed it
            return ctx.test() ? StateResult.pending(Map.of(), "Service " + service
                    + " not present; if created in this state run, it would have been stopped")
                    : StateResult.ok("The named service " + service + " is not available");
        }
        Map<String, Object> changes = new LinkedHashMap<>();
        boolean running = pm.running(service);
        if (running) {
            changes.put(service, true);
        }
        Optional<StateResult> failed = Enablement.converge(pm, service, (Boolean) args.raw("enable"), ctx.test(), changes);
        if (failed.isPresent()) {
            return failed.get();
        }
        if (changes.isEmpty()) {
            return StateResult.ok("The service " + service + " is already dead");
        }
        if (ctx.test()) {
            return StateResult.pending(changes, "Service " + service + " is set to be killed");
        }
        if (running && (!pm.act(service, Action.STOP) || pm.running(service))) {
            return new StateResult(false, changes, "Service " + service + " failed to die");
        }
        return StateResult.changed(changes, "Service " + service + " was killed");
    }
}
