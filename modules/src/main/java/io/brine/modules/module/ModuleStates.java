package io.brine.modules.module;

import io.brine.functions.FunctionModule;
import io.brine.functions.StateFunction;
import java.util.List;

/** Salt's {@code module} states: execution functions called from a state file. */
public final class ModuleStates implements FunctionModule {
    @Override
    public String name() {
        return "module";
    }

    @Override
    public List<StateFunction> states() {
        return List.of(new ModuleRun(false), new ModuleRun(true));
    }
}
