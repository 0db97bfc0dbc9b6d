package io.brine.modules.postgres;

import io.brine.functions.CommandRunner;
import io.brine.functions.FunctionException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Extensions of the connection's database through psql, as Salt's {@code create_extension} and
 * {@code drop_extension}: installed when available, moved to another schema when relocatable, updated to a newer
 * version.
 */
final class PgExtensions {
    /** What {@link #plan} finds, Salt's {@code create_metadata} flags. */
    enum Need { INSTALL, UPGRADE, MOVE }

    private final Psql psql;

    PgExtensions(Psql psql) {
        this.psql = psql;
    }

    Map<String, Map<String, String>> available(CommandRunner runner, PgConnection c)
            throws IOException, InterruptedException, FunctionException {
        return byName(psql.query(runner, c, "SELECT * FROM pg_available_extensions()"), "name");
    }

    Map<String, Map<String, String>> installed(CommandRunner runner, PgConnection c)
            throws IOException, InterruptedException, FunctionException {
        return byName(psql.query(runner, c, "SELECT a.*, b.nspname AS schema_name FROM pg_extension a, "
                + "pg_namespace b WHERE a.extnamespace = b.oid"), "extname");
    }

    /** What creating the extension with these options would do; empty when it is as asked. */
    List<Need> plan(CommandRunner runner, PgConnection c, String name, String version, String schema)
            throws IOException, InterruptedException, FunctionException {
        Map<String, String> ext = installed(runner, c).get(name);
        List<Need> needs = new ArrayList<>();
        if (ext == null) {
            needs.add(Need.INSTALL);
            return needs;
        }
        if (version != null && PgVersions.older(ext.getOrDefault("extversion", version), version)) {
            needs.add(Need.UPGRADE);
        }
        if (schema != null && "t".equals(ext.get("extrelocatable")) && !schema.equals(ext.get("schema_name"))) {
            needs.add(Need.MOVE);
        }
        return needs;
    }

    /** Installs, moves or updates the extension as {@link #plan} says; true when it is as asked afterwards. */
    boolean create(CommandRunner runner, PgConnection c, String name, boolean ifNotExists, String schema,
            String version, String fromVersion) throws IOException, InterruptedException, FunctionException {
        List<Need> needs = plan(runner, c, name, version, schema);
        if (!available(runner, c).keySet().stream().anyMatch(n -> n.equalsIgnoreCase(name))) {
            throw new FunctionException("postgres: extension " + name + " is not available on the server");
        }
        List<String> statements = new ArrayList<>();
        if (needs.contains(Need.INSTALL)) {
            StringBuilder sql = new StringBuilder("CREATE EXTENSION ").append(ifNotExists ? "IF NOT EXISTS " : "")
                    .append(Sql.ident(name));
            if (schema != null || version != null || fromVersion != null) {
                sql.append(" WITH");
                if (schema != null) {
                    sql.append(" SCHEMA ").append(Sql.ident(schema));
                }
                if (version != null) {
                    sql.append(" VERSION ").append(Sql.literal(version));
                }
                if (fromVersion != null) {
                    sql.append(" FROM ").append(Sql.literal(fromVersion));
                }
            }
            statements.add(sql.toString());
        } else {
            if (needs.contains(Need.MOVE)) {
                statements.add("ALTER EXTENSION " + Sql.ident(name) + " SET SCHEMA " + Sql.ident(schema));
            }
            if (needs.contains(Need.UPGRADE)) {
                statements.add("ALTER EXTENSION " + Sql.ident(name) + " UPDATE TO " + Sql.literal(version));
            }
        }
        psql.execute(runner, c, statements);
        return plan(runner, c, name, version, schema).isEmpty();
    }

    /** Drops the extension (CASCADE unless told otherwise, as Salt); true when it is gone afterwards. */
    boolean drop(CommandRunner runner, PgConnection c, String name, boolean ifExists, boolean restrict,
            boolean cascade) throws IOException, InterruptedException, FunctionException {
        if (installed(runner, c).containsKey(name)) {
            psql.execute(runner, c, List.of("DROP EXTENSION " + (ifExists ? "IF EXISTS " : "") + Sql.ident(name)
                    + (cascade ? " CASCADE" : "") + (restrict ? " RESTRICT" : "")));
        }
        return !installed(runner, c).containsKey(name);
    }

    private static Map<String, Map<String, String>> byName(List<Map<String, String>> rows, String key) {
        Map<String, Map<String, String>> out = new LinkedHashMap<>();
        rows.forEach(r -> out.put(r.get(key), r));
        return out;
    }
}
