package io.brine.modules.postgres;

import io.brine.functions.FunctionModule;
import io.brine.functions.StateFunction;
import java.nio.file.Path;
import java.util.List;

/** Salt's {@code postgres_group} states: roles others are members of, through psql (see {@link Psql}). */
public final class PostgresGroupStates implements FunctionModule {
    private final Postgres pg;

    public PostgresGroupStates() {
        this(null);
    }

    /** @param binDir where psql is; null: the minion's PATH */
    public PostgresGroupStates(Path binDir) {
        this.pg = Postgres.at(binDir);
    }

    @Override
    public String name() {
        return "postgres_group";
    }

    @Override
    public List<StateFunction> states() {
        return List.of(new RoleState(true, PgRoles.Kind.GROUP, pg), new RoleState(false, PgRoles.Kind.GROUP, pg));
    }
}
