package io.brine.modules.git;

import io.brine.functions.FunctionModule;
import io.brine.functions.StateFunction;
import java.util.List;

/** Salt's {@code git} states: clones kept at a remote's revision, and git configuration keys. */
public final class GitStates implements FunctionModule {
    @Override
    public String name() {
        return "git";
    }

    @Override
    public List<StateFunction> states() {
        return List.of(new GitLatest(), new GitConfigSet(), new GitConfigUnset());
    }
}
