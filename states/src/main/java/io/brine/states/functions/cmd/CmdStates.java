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
        CmdRunState run = new CmdRunState();
        CmdScriptState script = new CmdScriptState();
        return List.of(run, script, new WaitingState("wait", run), new WaitingState("wait_script", script));
    }
}
