package io.brine.states.functions.service;

import io.brine.states.StateFunction;
import io.brine.states.StateModule;
import java.util.List;

/** The {@code service} state module; the init system is detected on the minion. */
public final class ServiceStates implements StateModule {
  @Override
  public String name() {
    return "service";
  }

  @Override
  public List<StateFunction> functions() {
    return List.of(new ServiceRunning(), new ServiceDead(), new ServiceEnablement(true), new ServiceEnablement(false));
  }
}
