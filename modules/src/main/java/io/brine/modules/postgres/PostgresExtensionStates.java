package io.brine.modules.postgres;

import io.brine.functions.FunctionModule;
import io.brine.functions.StateFunction;
import java.nio.file.Path;
import java.util.List;

/** Salt's {@code postgres_extension} states: extensions of a database, through psql (see {@link Psql}). */
public final class PostgresExtensionStates implements FunctionModule {
    private final Postgres pg;

    public PostgresExtensionStates() {
        this(null);
    }

    /** @param binDir where psql is; null: the minion's PATH */
    public PostgresExtensionStates(Path binDir) {
        this.pg = Postgres.at(binDir);
    }

    @Override
    public String name() {
        return "postgres_extension";
    }

    @Override
    public List<StateFunction> states() {
        return List.of(new ExtensionState(true, pg), new ExtensionState(false, pg));
    }
}
