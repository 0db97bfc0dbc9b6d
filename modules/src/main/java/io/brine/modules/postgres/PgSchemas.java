package io.brine.modules.postgres;

import io.brine.functions.CommandRunner;
import io.brine.functions.FunctionException;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Schemas of one database through psql (the connection's database), as Salt's {@code schema_*} functions. */
final class PgSchemas {
    private final Psql psql;

    PgSchemas(Psql psql) {
        this.psql = psql;
    }

    /** Every schema by name: {@code owner} and {@code acl}. */
    Map<String, Map<String, Object>> list(CommandRunner runner, PgConnection c)
            throws IOException, InterruptedException, FunctionException {
        Map<String, Map<String, Object>> out = new LinkedHashMap<>();
        for (Map<String, String> row : psql.query(runner, c, "SELECT n.nspname AS name, n.nspacl AS acl, "
                + "r.rolname AS owner FROM pg_namespace n LEFT JOIN pg_roles r ON r.oid = n.nspowner")) {
            Map<String, Object> schema = new LinkedHashMap<>();
            schema.put("owner", row.get("owner"));
            schema.put("acl", row.get("acl"));
            out.put(row.get("name"), schema);
        }
        return out;
    }

    void create(CommandRunner runner, PgConnection c, String name, String owner)
            throws IOException, InterruptedException, FunctionException {
        psql.execute(runner, c, List.of("CREATE SCHEMA " + Sql.ident(name)
                + (owner == null ? "" : " AUTHORIZATION " + Sql.ident(owner))));
    }

    void remove(CommandRunner runner, PgConnection c, String name)
            throws IOException, InterruptedException, FunctionException {
        psql.execute(runner, c, List.of("DROP SCHEMA " + Sql.ident(name)));
    }
}
