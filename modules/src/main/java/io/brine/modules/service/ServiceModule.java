package io.brine.modules.service;

import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionModule;
import io.brine.functions.StateFunction;
import io.brine.modules.service.ServiceManager.Action;
import java.util.List;

/**
 * Salt's {@code service} module, execution functions and states alike, on the init system detected
 * on the minion (systemd, OpenRC or sysvinit scripts).
 *
 * <p>Example: {@code brine 'web*' service.restart nginx}, or in a state file {@code nginx: service.running}.
 */
public final class ServiceModule implements FunctionModule {
    @Override
    public String name() {
        return "service";
    }

    @Override
    public List<ExecutionFunction> execution() {
        return List.of(new ServiceControl(Action.START), new ServiceControl(Action.STOP), new ServiceControl(Action.RESTART),
                new ServiceControl(Action.RELOAD), ServiceCheck.STATUS, ServiceCheck.ENABLED, ServiceCheck.AVAILABLE,
                new ServiceEnable(true), new ServiceEnable(false), new ServiceGetAll());
    }

    @Override
    public List<StateFunction> states() {
        return List.of(new ServiceRunning(), new ServiceDead(), new ServiceEnablement(true), new ServiceEnablement(false),
                new ServiceMasking(true), new ServiceMasking(false));
    }
}
