package io.brine.modules.postgres;

import io.brine.functions.FunctionModule;
import io.brine.functions.StateFunction;
import java.nio.file.Path;
import java.util.List;

/** Salt's {@code postgres_database} states: databases, through psql (see {@link Psql}). */
public final class PostgresDatabaseStates implements FunctionModule {
    private final Postgres pg;

    public PostgresDatabaseStates() {
        this(null);
    }

    /** @param binDir where psql is; null: the minion's PATH */
    public PostgresDatabaseStates(Path binDir) {
        this.pg = Postgres.at(binDir);
    }

    @Override
    public String name() {
        return "postgres_database";
    }

    @Override
    public List<StateFunction> states() {
        return List.of(new DatabaseState(true, pg), new DatabaseState(false, pg));
    }
}
