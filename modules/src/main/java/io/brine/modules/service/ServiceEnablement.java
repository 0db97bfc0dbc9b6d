package io.brine.modules.service;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** {@code service.enabled} and {@code service.disabled}: boot-time start only, never the running state. */
final class ServiceEnablement implements StateFunction {
    private final boolean enable;

    ServiceEnablement(boolean enable) {
        this.enable = enable;
    }

    @Override
    public String name() {
        return enable ? "enabled" : "disabled";
    }

    @Override
    public List<Param> params() {
        return List.of();
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        ServiceManager pm = ServiceManagers.detect(ctx.commands());
        String service = args.name();
        if (!pm.available(service)) {
            // Salt's outcomes: a service that is not there does not start at boot, so disabled holds; enabled
            // fails, and in a plan says what would happen if an earlier state of the run installed it
            if (!enable) {
                return StateResult.ok("The named service " + service + " is not available");
            }
            if (ctx.test()) {
                return StateResult.pending(Map.of(), "Service " + service
                        + " not present; if created in this state run, it would have been enabled");
            }
            return StateResult.failed("The named service " + service + " is not available (" + pm.name() + ")");
        }
        Map<String, Object> changes = new LinkedHashMap<>();
        Optional<StateResult> failed = Enablement.converge(pm, service, enable, ctx.test(), changes);
        if (failed.isPresent()) {
            return failed.get();
        }
        if (changes.isEmpty()) {
            return StateResult.ok("Service " + service + " is already " + name());
        }
        return ctx.test() ? StateResult.pending(changes, "Service " + service + " set to be " + name())
                : StateResult.changed(changes, "Service " + service + " has been " + name());
    }
}
