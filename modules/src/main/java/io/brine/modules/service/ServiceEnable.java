package io.brine.modules.service;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import java.io.IOException;
import java.util.List;

/**
 * {@code service.enable} and {@code service.disable}: whether the service starts at boot, never
 * whether it runs now; true when the init system reported success.
 *
 * <p>Example: {@code brine 'web*' service.enable nginx}.
 */
final class ServiceEnable extends ServiceFunction {
    private final boolean enable;

    ServiceEnable(boolean enable) {
        this.enable = enable;
    }

    @Override
    public String name() {
        return enable ? "service.enable" : "service.disable";
    }

    @Override
    public String doc() {
        return (enable ? "Makes the named service start at boot" : "Keeps the named service from starting at boot")
                + "; true when the init system reports success.";
    }

    @Override
    public List<Param> params() {
        return NAME;
    }

    @Override
    Object call(ServiceManager pm, Arguments args) throws IOException, InterruptedException {
        return pm.setEnabled(args.name(), enable);
    }
}
