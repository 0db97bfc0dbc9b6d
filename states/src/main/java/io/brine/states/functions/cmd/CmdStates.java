package io.brine.states.functions.cmd;

import io.brine.functions.StateFunction;
import io.brine.functions.FunctionModule;
import java.util.List;

/** The {@code cmd} state module. */
public final class CmdStates implements FunctionModule {
    @Override
    public String name() {
        return "cmd";
    }

    @Override
    public List<StateFunction> states() {
        return List.of(new CmdRunState(), new CmdScriptState());
    }
}
