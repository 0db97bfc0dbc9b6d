package io.brine.modules.update;

import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionModule;
import java.util.List;

/** {@code update.apply}: the minion's side of {@code brine update} (docs/updates.md). */
public final class UpdateModule implements FunctionModule {
    @Override
    public String name() {
        return "update";
    }

    @Override
    public List<ExecutionFunction> execution() {
        return List.of(new UpdateApply());
    }
}
