package io.brine.states.functions.pkg;

import io.brine.states.StateFunction;
import io.brine.states.StateModule;
import java.util.List;

/** The {@code pkg} state module; the provider is chosen per minion from its grains. */
public final class PkgStates implements StateModule {
  @Override
  public String name() {
    return "pkg";
  }

  @Override
  public List<StateFunction> functions() {
    return List.of(new PkgInstalled(), new PkgLatest(), new PkgRemoved());
  }
}
