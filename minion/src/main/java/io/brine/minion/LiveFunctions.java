package io.brine.minion;

import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionCatalog;
import io.brine.functions.FunctionRegistry;
import io.brine.functions.StateFunction;
import io.brine.minion.extension.Extensions;
import java.lang.System.Logger;
import java.util.Optional;
import java.util.SortedSet;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The functions a minion runs now: the built-in ones and its extension modules, loaded at start and again by
 * {@code sys.reload_modules}. A job looks its function up once, when it starts, so a reload never changes a
 * running job; the next job finds the new set.
 */
final class LiveFunctions implements FunctionCatalog {
    private final FunctionRegistry builtins;
    private final ExtensionSources sources;
    private final Logger log;
    private final AtomicReference<Extensions.Loaded> current = new AtomicReference<>();

    LiveFunctions(FunctionRegistry builtins, ExtensionSources sources, Logger log) {
        this.builtins = builtins;
        this.sources = sources;
        this.log = log;
        reload();
    }

    /** Reads the extensions again and runs with what registered; returns what did and what was refused. */
    synchronized Extensions.Loaded reload() {
        Extensions.Loaded loaded = Extensions.load(builtins, sources.dirs(), sources.jars(), log);
        current.set(loaded);
        return loaded;
    }

    FunctionRegistry registry() {
        return current.get().registry();
    }

    @Override
    public Optional<ExecutionFunction> find(String name) {
        return registry().find(name);
    }

    @Override
    public SortedSet<String> names() {
        return registry().names();
    }

    @Override
    public Optional<StateFunction> state(String name) {
        return registry().state(name);
    }

    @Override
    public SortedSet<String> stateNames() {
        return registry().stateNames();
    }
}
