package io.brine.states.functions.accounts;

import io.brine.functions.StateFunction;
import io.brine.functions.FunctionModule;
import java.util.List;

/** The {@code user} state module. */
public final class UserStates implements FunctionModule {
  @Override
  public String name() {
    return "user";
  }

  @Override
  public List<StateFunction> states() {
    return List.of(new UserPresent(), new UserAbsent());
  }
}
