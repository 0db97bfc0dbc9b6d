package io.brine.states.functions.accounts;

import io.brine.functions.StateFunction;
import io.brine.functions.FunctionModule;
import java.util.List;

/** The {@code group} state module. */
public final class GroupStates implements FunctionModule {
  @Override
  public String name() {
    return "group";
  }

  @Override
  public List<StateFunction> states() {
    return List.of(new GroupPresent(), new GroupAbsent());
  }
}
