package io.brine.modules.postgres;

import java.nio.file.Path;

/** Salt's {@code postgres_schema} states: schemas of a database, through psql (see {@link Psql}). */
public final class PostgresSchemaStates extends PgStates {
    public PostgresSchemaStates() {
        this(null);
    }

    /** @param binDir where psql is; null: the minion's PATH */
    public PostgresSchemaStates(Path binDir) {
        super("postgres_schema", binDir, SchemaState::new);
    }
}
