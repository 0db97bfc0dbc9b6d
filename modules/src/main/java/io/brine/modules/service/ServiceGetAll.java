package io.brine.modules.service;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import java.io.IOException;
import java.util.List;

/**
 * {@code service.get_all}: the sorted names of every service the init system can control.
 *
 * <p>Example: {@code brine '*' service.get_all}.
 */
final class ServiceGetAll extends ServiceFunction {
    @Override
    public String name() {
        return "service.get_all";
    }

    @Override
    public String doc() {
        return "Sorted names of every service this machine's init system can control.";
    }

    @Override
    public List<Param> params() {
        return List.of();
    }

    @Override
    Object call(ServiceManager pm, Arguments args) throws IOException, InterruptedException {
        return pm.all();
    }
}
