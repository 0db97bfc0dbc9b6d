package io.brine.modules.sys;

import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionModule;
import java.util.List;

/**
 * Salt's {@code sys} module: describes the functions this minion offers.
 *
 * <p>Example: {@code brine web1 sys.doc cmd.run}.
 */
public final class SysModule implements FunctionModule {
    @Override
    public String name() {
        return "sys";
    }

    @Override
    public List<ExecutionFunction> execution() {
        return List.of(SysListFunctions.execution(), SysListFunctions.states(), SysDoc.execution(),
                SysDoc.states(), new SysReloadModules());
    }
}
