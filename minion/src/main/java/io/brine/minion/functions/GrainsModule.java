package io.brine.minion.functions;

import io.brine.minion.function.Function;
import io.brine.minion.function.FunctionModule;
import java.util.List;

/**
 * Salt's {@code grains} module: reads the facts the minion collected about its machine.
 *
 * <p>Example: {@code brine '*' grains.get ipv4:0}.
 */
public final class GrainsModule implements FunctionModule {
    @Override
    public List<Function> functions() {
        return List.of(new GrainsItems(), new GrainsGet(), new GrainsRefresh());
    }
}
