package io.brine.modules.service;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.modules.service.ServiceManager.Action;
import java.io.IOException;
import java.util.List;
import java.util.Locale;

/**
 * {@code service.start}, {@code stop}, {@code restart} and {@code reload}: runs the action through the
 * init system and returns true when it reported success, false when not, as Salt does.
 *
 * <p>Example: {@code brine 'web*' service.restart nginx}.
 */
final class ServiceControl extends ServiceFunction {
    private final Action action;

    ServiceControl(Action action) {
        this.action = action;
    }

    @Override
    public String name() {
        return "service." + action.name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String doc() {
        String verb = action.name().charAt(0) + action.name().substring(1).toLowerCase(Locale.ROOT);
        return verb + "s the named service; true when the init system reports success, false when not.";
    }

    @Override
    public List<Param> params() {
        return NAME;
    }

    @Override
    Object call(ServiceManager pm, Arguments args) throws IOException, InterruptedException {
        return pm.act(args.name(), action);
    }
}
