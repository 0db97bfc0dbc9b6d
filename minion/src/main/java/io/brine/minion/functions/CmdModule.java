package io.brine.minion.functions;

import io.brine.minion.function.Function;
import io.brine.minion.function.FunctionModule;
import java.util.List;

/**
 * Salt's {@code cmd} module: runs commands on the minion's machine.
 *
 * <p>Example: {@code brine 'web*' cmd.run 'uptime' timeout=10}.
 */
public final class CmdModule implements FunctionModule {
    @Override
    public List<Function> functions() {
        return List.of(new CmdRun());
    }
}
