package io.brine.states.functions.file;

import io.brine.states.StateFunction;
import io.brine.states.StateModule;
import java.util.List;

/** The {@code file} state module. */
public final class FileStates implements StateModule {
  @Override
  public String name() {
    return "file";
  }

  @Override
  public List<StateFunction> functions() {
    return List.of(new FileManaged(), new FileDirectory(), new FileAbsent(), new FileSymlink(), new FileAppend(),
        new FileReplace());
  }
}
