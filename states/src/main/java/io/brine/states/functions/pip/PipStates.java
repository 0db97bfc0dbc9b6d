package io.brine.states.functions.pip;

import io.brine.states.StateFunction;
import io.brine.states.StateModule;
import java.util.List;

/** The {@code pip} state module. */
public final class PipStates implements StateModule {
  @Override
  public String name() {
    return "pip";
  }

  @Override
  public List<StateFunction> functions() {
    return List.of(new PipInstalled(), new PipRemoved());
  }
}
