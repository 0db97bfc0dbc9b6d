package io.brine.modules.postgres;

import io.brine.functions.FunctionModule;
import io.brine.functions.StateFunction;
import java.nio.file.Path;
import java.util.List;

/** Salt's {@code postgres_schema} states: schemas of a database, through psql (see {@link Psql}). */
public final class PostgresSchemaStates implements FunctionModule {
    private final Postgres pg;

    public PostgresSchemaStates() {
        this(null);
    }

    /** @param binDir where psql is; null: the minion's PATH */
    public PostgresSchemaStates(Path binDir) {
        this.pg = Postgres.at(binDir);
    }

    @Override
    public String name() {
        return "postgres_schema";
    }

    @Override
    public List<StateFunction> states() {
        return List.of(new SchemaState(true, pg), new SchemaState(false, pg));
    }
}
