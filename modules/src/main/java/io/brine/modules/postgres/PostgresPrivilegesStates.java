package io.brine.modules.postgres;

import java.nio.file.Path;

/** Salt's {@code postgres_privileges} states: privileges and group memberships, through psql (see {@link Psql}). */
public final class PostgresPrivilegesStates extends PgStates {
    public PostgresPrivilegesStates() {
        this(null);
    }

    /** @param binDir where psql is; null: the minion's PATH */
    public PostgresPrivilegesStates(Path binDir) {
        super("postgres_privileges", binDir, PrivilegesState::new);
    }
}
