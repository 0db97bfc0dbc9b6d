package io.brine.modules.postgres;

import java.nio.file.Path;

/** Salt's {@code postgres_group} states: roles others are members of, through psql (see {@link Psql}). */
public final class PostgresGroupStates extends PgStates {
    public PostgresGroupStates() {
        this(null);
    }

    /** @param binDir where psql is; null: the minion's PATH */
    public PostgresGroupStates(Path binDir) {
        super("postgres_group", binDir, (present, pg) -> new RoleState(present, PgRoles.Kind.GROUP, pg));
    }
}
