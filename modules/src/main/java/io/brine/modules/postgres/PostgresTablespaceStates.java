package io.brine.modules.postgres;

import java.nio.file.Path;

/** Salt's {@code postgres_tablespace} states: tablespaces, through psql (see {@link Psql}). */
public final class PostgresTablespaceStates extends PgStates {
    public PostgresTablespaceStates() {
        this(null);
    }

    /** @param binDir where psql is; null: the minion's PATH */
    public PostgresTablespaceStates(Path binDir) {
        super("postgres_tablespace", binDir, TablespaceState::new);
    }
}
