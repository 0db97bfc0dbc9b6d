package io.brine.states.functions.cmd;

import io.brine.states.StateFunction;
import io.brine.states.StateModule;
import java.util.List;

/** The {@code cmd} state module. */
public final class CmdStates implements StateModule {
  @Override
  public String name() {
    return "cmd";
  }

  @Override
  public List<StateFunction> functions() {
    return List.of(new CmdRun(), new CmdScript());
  }
}
