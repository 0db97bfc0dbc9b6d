package io.brine.states.functions.archive;

import io.brine.states.StateFunction;
import io.brine.states.StateModule;
import java.util.List;

/** The {@code archive} state module. */
public final class ArchiveStates implements StateModule {
  @Override
  public String name() {
    return "archive";
  }

  @Override
  public List<StateFunction> functions() {
    return List.of(new ArchiveExtracted());
  }
}
