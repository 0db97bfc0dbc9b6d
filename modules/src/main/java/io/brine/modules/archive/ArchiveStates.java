package io.brine.modules.archive;

import io.brine.functions.StateFunction;
import io.brine.functions.FunctionModule;
import java.util.List;

/** The {@code archive} state module. */
public final class ArchiveStates implements FunctionModule {
    @Override
    public String name() {
        return "archive";
    }

    @Override
    public List<StateFunction> states() {
        return List.of(new ArchiveExtracted());
    }
}
