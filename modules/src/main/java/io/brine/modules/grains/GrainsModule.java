package io.brine.modules.grains;

import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionModule;
import java.util.List;

/**
 * Salt's {@code grains} module: reads the facts the minion collected about its machine.
 *
 * <p>Example: {@code brine '*' grains.get ipv4:0}.
 */
public final class GrainsModule implements FunctionModule {
    @Override
    public String name() {
        return "grains";
    }

    @Override
    public List<ExecutionFunction> execution() {
        return List.of(new GrainsItems(), new GrainsGet(), new GrainsRefresh());
    }
}
