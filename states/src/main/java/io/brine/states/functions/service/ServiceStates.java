package io.brine.states.functions.service;

import io.brine.functions.StateFunction;
import io.brine.functions.FunctionModule;
import java.util.List;

/** The {@code service} state module; the init system is detected on the minion. */
public final class ServiceStates implements FunctionModule {
  @Override
  public String name() {
    return "service";
  }

  @Override
  public List<StateFunction> states() {
    return List.of(new ServiceRunning(), new ServiceDead(), new ServiceEnablement(true), new ServiceEnablement(false));
  }
}
