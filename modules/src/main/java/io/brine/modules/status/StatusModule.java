package io.brine.modules.status;

import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionModule;
import java.util.List;

/**
 * The {@code status} execution module: uptime, load and disk space, read from {@code /proc} and statvfs.
 *
 * <p>Example: {@code brine '*' status.loadavg}.
 */
public final class StatusModule implements FunctionModule {
    @Override
    public String name() {
        return "status";
    }

    @Override
    public List<ExecutionFunction> execution() {
        return List.of(new StatusUptime(), new StatusLoadavg(), new StatusDiskusage());
    }
}
