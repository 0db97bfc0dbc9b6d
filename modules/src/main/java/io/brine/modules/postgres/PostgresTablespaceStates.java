package io.brine.modules.postgres;

import io.brine.functions.FunctionModule;
import io.brine.functions.StateFunction;
import java.nio.file.Path;
import java.util.List;

/** Salt's {@code postgres_tablespace} states: tablespaces, through psql (see {@link Psql}). */
public final class PostgresTablespaceStates implements FunctionModule {
    private final Postgres pg;

    public PostgresTablespaceStates() {
        this(null);
    }

    /** @param binDir where psql is; null: the minion's PATH */
    public PostgresTablespaceStates(Path binDir) {
        this.pg = Postgres.at(binDir);
    }

    @Override
    public String name() {
        return "postgres_tablespace";
    }

    @Override
    public List<StateFunction> states() {
        return List.of(new TablespaceState(true, pg), new TablespaceState(false, pg));
    }
}
