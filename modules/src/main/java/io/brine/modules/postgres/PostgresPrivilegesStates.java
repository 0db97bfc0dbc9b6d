package io.brine.modules.postgres;

import io.brine.functions.FunctionModule;
import io.brine.functions.StateFunction;
import java.nio.file.Path;
import java.util.List;

/** Salt's {@code postgres_privileges} states: privileges and group memberships, through psql (see {@link Psql}). */
public final class PostgresPrivilegesStates implements FunctionModule {
    private final Postgres pg;

    public PostgresPrivilegesStates() {
        this(null);
    }

    /** @param binDir where psql is; null: the minion's PATH */
    public PostgresPrivilegesStates(Path binDir) {
        this.pg = Postgres.at(binDir);
    }

    @Override
    public String name() {
        return "postgres_privileges";
    }

    @Override
    public List<StateFunction> states() {
        return List.of(new PrivilegesState(true, pg), new PrivilegesState(false, pg));
    }
}
