package io.brine.states.functions.pkg;

import io.brine.functions.StateFunction;
import io.brine.functions.FunctionModule;
import java.util.List;

/** The {@code pkg} state module; the provider is chosen per minion from its grains. */
public final class PkgStates implements FunctionModule {
  @Override
  public String name() {
    return "pkg";
  }

  @Override
  public List<StateFunction> states() {
    return List.of(new PkgInstalled(), new PkgLatest(), new PkgRemoved());
  }
}
