package io.brine.states.functions.accounts;

import io.brine.states.StateFunction;
import io.brine.states.StateModule;
import java.util.List;

/** The {@code group} state module. */
public final class GroupStates implements StateModule {
  @Override
  public String name() {
    return "group";
  }

  @Override
  public List<StateFunction> functions() {
    return List.of(new GroupPresent(), new GroupAbsent());
  }
}
