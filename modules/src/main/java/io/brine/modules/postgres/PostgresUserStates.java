package io.brine.modules.postgres;

import java.nio.file.Path;

/** Salt's {@code postgres_user} states: login roles, through psql (see {@link Psql}). */
public final class PostgresUserStates extends PgStates {
    public PostgresUserStates() {
        this(null);
    }

    /** @param binDir where psql is; null: the minion's PATH */
    public PostgresUserStates(Path binDir) {
        super("postgres_user", binDir, (present, pg) -> new RoleState(present, PgRoles.Kind.USER, pg));
    }
}
