package io.brine.modules.pip;

import io.brine.functions.StateFunction;
import io.brine.functions.FunctionModule;
import java.util.List;

/** The {@code pip} state module. */
public final class PipStates implements FunctionModule {
    @Override
    public String name() {
        return "pip";
    }

    @Override
    public List<StateFunction> states() {
        return List.of(new PipInstalled(), new PipRemoved());
    }
}
