package io.brine.modules.postgres;

import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionModule;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * Salt's {@code postgres} execution module over PostgreSQL's own client, psql (see {@link Psql}): databases,
 * tablespaces, roles, schemas, extensions and privileges. Its states are the {@code postgres_*} modules of this
 * package.
 */
public final class PostgresModule implements FunctionModule {
    private final Postgres pg;

    public PostgresModule() {
        this(null);
    }

    /** @param binDir where psql is; null: the minion's PATH */
    public PostgresModule(Path binDir) {
        this.pg = Postgres.at(binDir);
    }

    @Override
    public String name() {
        return "postgres";
    }

    @Override
    public List<ExecutionFunction> execution() {
        return Arrays.stream(PgFunction.Kind.values()).map(k -> (ExecutionFunction) new PgFunction(k, pg)).toList();
    }
}
