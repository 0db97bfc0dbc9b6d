package io.brine.modules.postgres;

import io.brine.functions.Arguments;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import java.util.List;
import java.util.Map;

/**
 * Where psql connects and as whom, from Salt's connection arguments. A state says {@code user} for the system user
 * psql runs as and {@code db_user}, {@code db_password}, {@code db_host}, {@code db_port} for the connection; an
 * execution function says {@code runas}, {@code user}, {@code password}, {@code host}, {@code port}. A value not
 * given comes from the flat pillar key Salt's {@code config.option} reads ({@code postgres.host},
 * {@code postgres.port}, {@code postgres.user}, {@code postgres.pass}, {@code postgres.maintenance_db}).
 *
 * @param runas the system user psql runs as, or null for the minion's own
 * @param host a host name, a socket directory (starting with {@code /}), or null for libpq's default socket
 * @param port the port, or null for the default
 * @param user the database role, or null for libpq's default (the system user's name)
 * @param password the role's password, or null
 * @param database the database to connect to ({@code maintenance_db}, default {@code postgres})
 */
record PgConnection(String runas, String host, Integer port, String user, String password, String database) {
    /** The connection arguments every postgres state takes, in Salt's names. */
    static List<Param> stateParams(boolean maintenanceDb) {
        List<Param> params = List.of(
                Param.optional("user", Type.STRING, null, "the system user psql runs as (default: postgres when "
                        + "connecting over a local socket)"),
                Param.optional("db_user", Type.STRING, null, "the database role to connect as"),
                Param.optional("db_password", Type.STRING, null, "that role's password"),
                Param.optional("db_host", Type.STRING, null, "the server's host, or its socket directory"),
                Param.optional("db_port", Type.INTEGER, null, "the server's port"));
        return maintenanceDb ? concat(params, Param.optional("maintenance_db", Type.STRING, null,
                "the database to connect to (default postgres)")) : params;
    }

    /** The connection arguments every postgres execution function takes, in Salt's names. */
    static List<Param> functionParams() {
        return List.of(
                Param.optional("user", Type.STRING, null, "the database role to connect as"),
                Param.optional("host", Type.STRING, null, "the server's host, or its socket directory"),
                Param.optional("port", Type.INTEGER, null, "the server's port"),
                Param.optional("maintenance_db", Type.STRING, null, "the database to connect to (default postgres)"),
                Param.optional("password", Type.STRING, null, "the role's password"),
                Param.optional("runas", Type.STRING, null, "the system user psql runs as (default: postgres over a "
                        + "local socket)"));
    }

    static PgConnection ofState(Arguments args, Map<String, Object> pillar) throws FunctionException {
        return of(args.string("user"), args.string("db_host"), args.optInteger("db_port").orElse(null),
                args.string("db_user"), args.string("db_password"),
                args.raw("maintenance_db") == null ? null : args.raw("maintenance_db").toString(), pillar);
    }

    static PgConnection ofFunction(Arguments args) throws FunctionException {
        return of(args.string("runas"), args.string("host"), args.optInteger("port").orElse(null),
                args.string("user"), args.string("password"), args.string("maintenance_db"), Map.of());
    }

    private static PgConnection of(String runas, String host, Long port, String user, String password,
            String database, Map<String, Object> pillar) throws FunctionException {
        host = or(host, pillar, "postgres.host");
        String portText = or(port == null ? null : String.valueOf(port), pillar, "postgres.port");
        Integer p = null;
        if (portText != null) {
            try {
                p = Integer.valueOf(portText);
            } catch (NumberFormatException e) {
                throw new FunctionException("postgres: port '" + portText + "' is not a number");
            }
        }
        user = or(user, pillar, "postgres.user");
        password = or(password, pillar, "postgres.pass");
        database = or(database, pillar, "postgres.maintenance_db");
        // Salt's rule: over a local socket, with nobody named, psql runs as postgres (peer authentication)
        if (runas == null && (host == null || host.startsWith("/"))) {
            runas = "postgres";
        }
        if (user == null) {
            user = runas;
        }
        return new PgConnection(runas, host, p, user, password, database == null ? "postgres" : database);
    }

    /** The same connection to another database of the server. */
    PgConnection on(String otherDatabase) {
        return new PgConnection(runas, host, port, user, password, otherDatabase);
    }

    private static String or(String given, Map<String, Object> pillar, String key) {
        if (given != null && !given.isEmpty()) {
            return given;
        }
        Object v = pillar.get(key);
        return v == null ? null : String.valueOf(v);
    }

    private static List<Param> concat(List<Param> a, Param b) {
        List<Param> all = new java.util.ArrayList<>(a);
        all.add(b);
        return List.copyOf(all);
    }

    @Override
    public String toString() {
        // never the password
        return "PgConnection[runas=" + runas + ", host=" + host + ", port=" + port + ", user=" + user + ", database="
                + database + "]";
    }
}
