package io.brine.minion.extension;

import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionModule;
import io.brine.functions.StateFunction;
import java.util.ArrayList;
import java.util.List;

/** The functions of one manifest, as a module of the minion's registry like any built-in one. */
final class ExtensionModule implements FunctionModule {
    private final String name;
    private final List<ExecutionFunction> execution = new ArrayList<>();
    private final List<StateFunction> states = new ArrayList<>();

    ExtensionModule(ExtensionManifest manifest) {
        this.name = manifest.module();
        for (ExtensionManifest.Declared d : manifest.functions()) {
            ExtensionProcess process = new ExtensionProcess(manifest.executable(),
                    manifest.module() + "." + d.name(), d.timeout());
            if (d.state()) {
                states.add(new ExtensionState(manifest.module(), d, process));
            } else {
                execution.add(new ExtensionFunction(manifest.module(), d, process));
            }
        }
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public List<ExecutionFunction> execution() {
        return List.copyOf(execution);
    }

    @Override
    public List<StateFunction> states() {
        return List.copyOf(states);
    }
}
