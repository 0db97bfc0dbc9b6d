package io.brine.states.functions.accounts;

import io.brine.states.StateFunction;
import io.brine.states.StateModule;
import java.util.List;

/** The {@code user} state module. */
public final class UserStates implements StateModule {
  @Override
  public String name() {
    return "user";
  }

  @Override
  public List<StateFunction> functions() {
    return List.of(new UserPresent(), new UserAbsent());
  }
}
