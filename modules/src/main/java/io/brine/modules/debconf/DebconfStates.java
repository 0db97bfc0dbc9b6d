package io.brine.modules.debconf;

import io.brine.functions.FunctionModule;
import io.brine.functions.StateFunction;
import java.util.List;

/** Salt's {@code debconf} states: answers to a package's installation questions, given before it installs. */
public final class DebconfStates implements FunctionModule {
    @Override
    public String name() {
        return "debconf";
    }

    @Override
    public List<StateFunction> states() {
        return List.of(new DebconfSet());
    }
}
