package io.brine.modules.postgres;

import io.brine.functions.FunctionModule;
import io.brine.functions.StateFunction;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BiFunction;

/**
 * One {@code postgres_*} state module: its name, and its {@code present} and {@code absent} states over one client.
 * Each module is a class of its own because the minion finds modules by class through {@link java.util.ServiceLoader}.
 */
abstract class PgStates implements FunctionModule {
    private final String name;
    private final List<StateFunction> states;

    /**
     * @param binDir where psql is; null: the minion's PATH
     * @param state  the state for present (true) or absent (false)
     */
    PgStates(String name, Path binDir, BiFunction<Boolean, Postgres, StateFunction> state) {
        Postgres pg = Postgres.at(binDir);
        this.name = name;
        this.states = List.of(state.apply(true, pg), state.apply(false, pg));
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final List<StateFunction> states() {
        return states;
    }
}
