package io.brine.modules.postgres;

import java.nio.file.Path;

/** Salt's {@code postgres_extension} states: extensions of a database, through psql (see {@link Psql}). */
public final class PostgresExtensionStates extends PgStates {
    public PostgresExtensionStates() {
        this(null);
    }

    /** @param binDir where psql is; null: the minion's PATH */
    public PostgresExtensionStates(Path binDir) {
        super("postgres_extension", binDir, ExtensionState::new);
    }
}
