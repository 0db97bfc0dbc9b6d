package io.brine.modules.disk;

import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionModule;
import java.util.List;

/**
 * The {@code disk} execution module: mounted file systems and their space.
 *
 * <p>Example: {@code brine '*' disk.usage}.
 */
public final class DiskModule implements FunctionModule {
    @Override
    public String name() {
        return "disk";
    }

    @Override
    public List<ExecutionFunction> execution() {
        return List.of(new DiskUsage());
    }
}
