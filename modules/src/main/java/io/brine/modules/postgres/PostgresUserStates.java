package io.brine.modules.postgres;

import io.brine.functions.FunctionModule;
import io.brine.functions.StateFunction;
import java.nio.file.Path;
import java.util.List;

/** Salt's {@code postgres_user} states: login roles, through psql (see {@link Psql}). */
public final class PostgresUserStates implements FunctionModule {
    private final Postgres pg;

    public PostgresUserStates() {
        this(null);
    }

    /** @param binDir where psql is; null: the minion's PATH */
    public PostgresUserStates(Path binDir) {
        this.pg = Postgres.at(binDir);
    }

    @Override
    public String name() {
        return "postgres_user";
    }

    @Override
    public List<StateFunction> states() {
        return List.of(new RoleState(true, PgRoles.Kind.USER, pg), new RoleState(false, PgRoles.Kind.USER, pg));
    }
}
