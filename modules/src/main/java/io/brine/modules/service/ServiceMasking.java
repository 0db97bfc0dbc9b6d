package io.brine.modules.service;

import io.brine.functions.Arguments;
import io.brine.functions.CommandResult;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code service.masked} and {@code service.unmasked}: systemd's mask, which keeps a unit from being started at
 * all, even by hand or as a dependency. The persistent and the runtime mask are managed independently, as in
 * Salt. Other init systems have no masks, so there the state fails saying so.
 *
 * <pre>{@code
 * ctrl-alt-del.target:
 *   service.masked: []
 * apache2:
 *   service.unmasked:
 *     - runtime: true
 * }</pre>
 */
final class ServiceMasking implements StateFunction {
    private final boolean mask;

    ServiceMasking(boolean mask) {
        this.mask = mask;
    }

    @Override
    public String name() {
        return mask ? "masked" : "unmasked";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.optional("runtime", Type.BOOLEAN, false,
                "the mask that lasts until reboot (/run) instead of the persistent one (/etc)"));
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        ServiceManager pm = ServiceManagers.detect(ctx.commands());
        return converge(pm.name(), pm.masks(), NamedServices.require(args.name()), args.bool("runtime"), ctx.test());
    }

    /** The state's work once the init system is known; separate so the systemd path can be tested anywhere. */
    StateResult converge(String initSystem, Optional<SystemdMasks> masks, String service, boolean runtime,
            boolean test) throws IOException, InterruptedException {
        if (masks.isEmpty()) {
            return StateResult.failed("Service masking is a systemd feature; this minion's init system is "
                    + initSystem + ", so " + service + " cannot be " + name());
        }
        String kind = runtime ? "runtime masked" : "masked";
        String done = mask ? kind : (runtime ? "runtime unmasked" : "unmasked");
        if (masks.get().masked(service, runtime) == mask) {
            return StateResult.ok("Service " + service + " is already " + done);
        }
        Map<String, Object> changes = Map.of(kind, Map.of("old", !mask, "new", mask));
        if (test) {
            return StateResult.pending(changes, "Service " + service + " would be " + done);
        }
        CommandResult ran = masks.get().setMasked(service, runtime, mask);
        if (!ran.ok() || masks.get().masked(service, runtime) != mask) {
            return StateResult.failed("Failed to " + (mask ? "mask" : "unmask") + " service " + service
                    + (ran.ok() ? "" : ": " + ran.diagnostic()));
        }
        return StateResult.changed(changes, "Service " + service + " was " + done);
    }
}
