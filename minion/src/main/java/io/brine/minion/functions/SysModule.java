package io.brine.minion.functions;

import io.brine.minion.function.Function;
import io.brine.minion.function.FunctionModule;
import java.util.List;

/**
 * Salt's {@code sys} module: describes the functions this minion offers.
 *
 * <p>Example: {@code brine web1 sys.doc cmd.run}.
 */
public final class SysModule implements FunctionModule {
    @Override
    public List<Function> functions() {
        return List.of(new SysListFunctions(), new SysDoc());
    }
}
