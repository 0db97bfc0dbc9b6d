package io.brine.modules.postgres;

import io.brine.functions.CommandRunner;
import io.brine.functions.FunctionException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Databases and tablespaces through psql, with the keys Salt's {@code db_list} and {@code tablespace_list} use. */
final class PgDatabases {
    private final Psql psql;

    PgDatabases(Psql psql) {
        this.psql = psql;
    }

    /** Every database by name: {@code Owner}, {@code Encoding}, {@code Collate}, {@code Ctype}, {@code Access
     * privileges}, {@code Tablespace}. */
    Map<String, Map<String, Object>> list(CommandRunner runner, PgConnection c)
            throws IOException, InterruptedException, FunctionException {
        return byName(psql.query(runner, c, "SELECT datname AS \"Name\", pga.rolname AS \"Owner\", "
                + "pg_encoding_to_char(encoding) AS \"Encoding\", datcollate AS \"Collate\", datctype AS \"Ctype\", "
                + "datacl AS \"Access privileges\", spcname AS \"Tablespace\" "
                + "FROM pg_database pgd, pg_roles pga, pg_tablespace pgts "
                + "WHERE pga.oid = pgd.datdba AND pgts.oid = pgd.dattablespace"));
    }

    /** Creates a database; null options are the server's defaults. */
    void create(CommandRunner runner, PgConnection c, String name, Map<String, String> options)
            throws IOException, InterruptedException, FunctionException {
        StringBuilder sql = new StringBuilder("CREATE DATABASE ").append(Sql.ident(name));
        List<String> with = new ArrayList<>();
        option(with, "TABLESPACE", options.get("tablespace"), true);
        option(with, "OWNER", options.get("owner"), true);
        option(with, "TEMPLATE", options.get("template"), true);
        option(with, "ENCODING", options.get("encoding"), false);
        option(with, "LC_COLLATE", options.get("lc_collate"), false);
        option(with, "LC_CTYPE", options.get("lc_ctype"), false);
        if (!with.isEmpty()) {
            sql.append(" WITH ").append(String.join(" ", with));
        }
        psql.execute(runner, c, List.of(sql.toString()));
    }

    private static void option(List<String> with, String key, String value, boolean name) throws FunctionException {
        if (value != null) {
            with.add(key + " = " + (name ? Sql.ident(value) : Sql.literal(value)));
        }
    }

    /**
     * Changes a database's owner (and, with {@code recurse}, of its schemas, tables, views, sequences and
     * functions) and tablespace.
     */
    void alter(CommandRunner runner, PgConnection c, String name, String owner, boolean recurse, String tablespace)
            throws IOException, InterruptedException, FunctionException {
        List<String> statements = new ArrayList<>();
        if (owner != null) {
            statements.add("ALTER DATABASE " + Sql.ident(name) + " OWNER TO " + Sql.ident(owner));
        }
        if (tablespace != null) {
            statements.add("ALTER DATABASE " + Sql.ident(name) + " SET TABLESPACE " + Sql.ident(tablespace));
        }
        psql.execute(runner, c, statements);
        if (owner != null && recurse) {
            ownerTo(runner, c.on(name), owner);
        }
    }

    /**
     * Salt's {@code owner_to}: every schema, table, view, sequence and function of the database (outside the
     * system schemas) to the new owner, in one transaction. The server names the objects ({@code quote_ident},
     * {@code regprocedure}), so nothing from the catalog is spliced in unquoted.
     */
    private void ownerTo(CommandRunner runner, PgConnection c, String owner)
            throws IOException, InterruptedException, FunctionException {
        String to = Sql.ident(owner);
        String system = "('pg_catalog', 'information_schema')";
        List<String> statements = new ArrayList<>(List.of("BEGIN"));
        for (Map<String, String> row : psql.query(runner, c, "SELECT quote_ident(nspname) AS n FROM pg_namespace "
                + "WHERE nspname NOT IN " + system + " AND nspname NOT LIKE 'pg\\_%'")) {
            statements.add("ALTER SCHEMA " + row.get("n") + " OWNER TO " + to);
        }
        for (Map<String, String> row : psql.query(runner, c, "SELECT quote_ident(n.nspname) || '.' || "
                + "quote_ident(c.relname) AS n, c.relkind AS k FROM pg_class c JOIN pg_namespace n "
                + "ON n.oid = c.relnamespace WHERE c.relkind IN ('r', 'v', 'm', 'S', 'p', 'f') AND n.nspname NOT IN "
                + system + " AND n.nspname NOT LIKE 'pg\\_%'")) {
            String kind = switch (row.get("k")) {
                case "v" -> "VIEW";
                case "m" -> "MATERIALIZED VIEW";
                case "S" -> "SEQUENCE";
                case "f" -> "FOREIGN TABLE";
                default -> "TABLE";
            };
            statements.add("ALTER " + kind + " " + row.get("n") + " OWNER TO " + to);
        }
        for (Map<String, String> row : psql.query(runner, c, "SELECT p.oid::regprocedure::text AS n, p.prokind AS k "
                + "FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname NOT IN " + system
                + " AND n.nspname NOT LIKE 'pg\\_%'")) {
            String kind = switch (row.get("k")) {
                case "a" -> "AGGREGATE";
                case "p" -> "PROCEDURE";
                default -> "FUNCTION";
            };
            statements.add("ALTER " + kind + " " + row.get("n") + " OWNER TO " + to);
        }
        statements.add("COMMIT");
        psql.execute(runner, c, statements);
    }

    /**
     * Drops a database as Salt does: refuses new connections, ends the open ones, drops it. The connection must be
     * to another database.
     */
    void remove(CommandRunner runner, PgConnection c, String name)
            throws IOException, InterruptedException, FunctionException {
        psql.execute(runner, c, List.of("REVOKE CONNECT ON DATABASE " + Sql.ident(name) + " FROM public",
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = " + Sql.literal(name)
                        + " AND pid <> pg_backend_pid()",
                "DROP DATABASE " + Sql.ident(name)));
    }

    /** Every tablespace by name: {@code Owner}, {@code ACL}, {@code Opts}, {@code Location}. */
    Map<String, Map<String, Object>> tablespaces(CommandRunner runner, PgConnection c)
            throws IOException, InterruptedException, FunctionException {
        return byName(psql.query(runner, c, "SELECT spcname AS \"Name\", pga.rolname AS \"Owner\", spcacl AS \"ACL\", "
                + "spcoptions AS \"Opts\", pg_tablespace_location(pgts.oid) AS \"Location\" "
                + "FROM pg_tablespace pgts, pg_roles pga WHERE pga.oid = pgts.spcowner"));
    }

    void createTablespace(CommandRunner runner, PgConnection c, String name, String location, String owner,
            Map<String, Object> options) throws IOException, InterruptedException, FunctionException {
        StringBuilder sql = new StringBuilder("CREATE TABLESPACE ").append(Sql.ident(name));
        if (owner != null) {
            sql.append(" OWNER ").append(Sql.ident(owner));
        }
        sql.append(" LOCATION ").append(Sql.literal(location));
        if (!options.isEmpty()) {
            sql.append(" WITH (").append(tablespaceOptions(options)).append(")");
        }
        psql.execute(runner, c, List.of(sql.toString()));
    }

    void alterTablespace(CommandRunner runner, PgConnection c, String name, String owner, Map<String, Object> options)
            throws IOException, InterruptedException, FunctionException {
        List<String> statements = new ArrayList<>();
        if (owner != null) {
            statements.add("ALTER TABLESPACE " + Sql.ident(name) + " OWNER TO " + Sql.ident(owner));
        }
        if (!options.isEmpty()) {
            statements.add("ALTER TABLESPACE " + Sql.ident(name) + " SET (" + tablespaceOptions(options) + ")");
        }
        psql.execute(runner, c, statements);
    }

    void removeTablespace(CommandRunner runner, PgConnection c, String name)
            throws IOException, InterruptedException, FunctionException {
        psql.execute(runner, c, List.of("DROP TABLESPACE " + Sql.ident(name)));
    }

    /** Tablespace options are a handful of planner settings: names checked, values literals. */
    private static String tablespaceOptions(Map<String, Object> options) throws FunctionException {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, Object> e : options.entrySet()) {
            if (!e.getKey().matches("[a-z_]{1,63}")) {
                throw new FunctionException("postgres: '" + e.getKey() + "' is not a tablespace option");
            }
            out.add(e.getKey() + " = " + Sql.literal(String.valueOf(e.getValue())));
        }
        return String.join(", ", out);
    }

    private static Map<String, Map<String, Object>> byName(List<Map<String, String>> rows) {
        Map<String, Map<String, Object>> out = new LinkedHashMap<>();
        for (Map<String, String> row : rows) {
            Map<String, Object> entry = new LinkedHashMap<>(row);
            entry.remove("Name");
            out.put(row.get("Name"), entry);
        }
        return out;
    }
}
