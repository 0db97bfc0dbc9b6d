package io.brine.modules.postgres;

import java.nio.file.Path;

/** Salt's {@code postgres_database} states: databases, through psql (see {@link Psql}). */
public final class PostgresDatabaseStates extends PgStates {
    public PostgresDatabaseStates() {
        this(null);
    }

    /** @param binDir where psql is; null: the minion's PATH */
    public PostgresDatabaseStates(Path binDir) {
        super("postgres_database", binDir, DatabaseState::new);
    }
}
