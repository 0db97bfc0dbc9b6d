package io.brine.modules.postgres;

import io.brine.functions.CommandRunner;
import io.brine.functions.FunctionException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Roles (users and groups are both roles in PostgreSQL) through psql: listed with Salt's {@code user_list} keys,
 * created and altered with Salt's attribute rules, dropped.
 */
final class PgRoles {
    /** What kind of role Salt's function makes: a user logs in by default, a group does not. */
    enum Kind { USER, GROUP, ROLE }

    private final Psql psql;

    PgRoles(Psql psql) {
        this.psql = psql;
    }

    /**
     * Every role, by name, as Salt's {@code postgres.user_list} shows it: {@code superuser}, {@code inherits
     * privileges}, {@code can create roles}, {@code can create databases}, {@code can login}, {@code replication},
     * {@code connections}, {@code expiry time}, {@code defaults variables}, {@code groups}, and with
     * {@code withPassword} the stored {@code password} (which needs a superuser).
     */
    Map<String, Map<String, Object>> list(CommandRunner runner, PgConnection c, boolean withPassword)
            throws IOException, InterruptedException, FunctionException {
        String sql = "SELECT r.rolname AS name, r.rolsuper AS superuser, r.rolinherit AS inherit, "
                + "r.rolcreaterole AS createrole, r.rolcreatedb AS createdb, r.rolcanlogin AS login, "
                + "r.rolreplication AS replication, r.rolconnlimit AS connections, "
                + "to_char(r.rolvaliduntil, 'YYYY-MM-DD HH24:MI:SS') AS expiry, "
                + "array_to_string(r.rolconfig, ',') AS defaults, "
                + "(SELECT string_agg(quote_ident(g.rolname), ',' ORDER BY g.rolname) FROM pg_catalog.pg_auth_members m "
                + "JOIN pg_catalog.pg_roles g ON m.roleid = g.oid WHERE m.member = r.oid) AS groups"
                + (withPassword ? ", a.rolpassword AS password FROM pg_catalog.pg_roles r "
                        + "LEFT JOIN pg_catalog.pg_authid a ON a.oid = r.oid" : " FROM pg_catalog.pg_roles r");
        Map<String, Map<String, Object>> roles = new LinkedHashMap<>();
        for (Map<String, String> row : psql.query(runner, c, sql)) {
            Map<String, Object> role = new LinkedHashMap<>();
            role.put("superuser", bool(row.get("superuser")));
            role.put("inherits privileges", bool(row.get("inherit")));
            role.put("can create roles", bool(row.get("createrole")));
            role.put("can create databases", bool(row.get("createdb")));
            role.put("can update system catalogs", null);
            role.put("can login", bool(row.get("login")));
            role.put("replication", bool(row.get("replication")));
            role.put("connections", Long.valueOf(row.get("connections")));
            role.put("expiry time", row.get("expiry").isEmpty() ? null : row.get("expiry"));
            role.put("defaults variables", row.get("defaults"));
            role.put("groups", unquote(row.get("groups")));
            if (withPassword) {
                role.put("password", row.get("password"));
            }
            roles.put(row.get("name"), role);
        }
        return roles;
    }

    /** One role's attributes, or null when there is no such role. */
    Map<String, Object> get(CommandRunner runner, PgConnection c, String name, boolean withPassword)
            throws IOException, InterruptedException, FunctionException {
        return list(runner, c, withPassword).get(name);
    }

    void create(CommandRunner runner, PgConnection c, String name, Kind kind, RoleSpec spec)
            throws IOException, InterruptedException, FunctionException {
        List<String> statements = new ArrayList<>();
        statements.add("CREATE ROLE " + Sql.ident(name) + attributes(kind, spec, null));
        statements.addAll(grants(name, spec));
        psql.execute(runner, c, transaction(statements));
    }

    void update(CommandRunner runner, PgConnection c, String name, RoleSpec spec)
            throws IOException, InterruptedException, FunctionException {
        Map<String, Object> now = get(runner, c, name, false);
        if (now == null) {
            throw new FunctionException("Role '" + name + "' could not be found");
        }
        List<String> statements = new ArrayList<>();
        String attributes = attributes(Kind.ROLE, spec, now);
        if (!attributes.isEmpty()) {
            statements.add("ALTER ROLE " + Sql.ident(name) + attributes);
        }
        statements.addAll(grants(name, spec));
        if (!statements.isEmpty()) {
            psql.execute(runner, c, transaction(statements));
        }
    }

    void remove(CommandRunner runner, PgConnection c, String name)
            throws IOException, InterruptedException, FunctionException {
        psql.execute(runner, c, List.of("DROP ROLE " + Sql.ident(name)));
    }

    /**
     * The {@code WITH} part, as Salt's {@code _role_cmd_args} writes it: a user inherits and logs in unless told
     * otherwise, a group inherits and does not log in; SUPERUSER is left out when the role already is what is asked.
     */
    private static String attributes(Kind kind, RoleSpec spec, Map<String, Object> now) throws FunctionException {
        Boolean inherit = spec.inherit() == null && kind != Kind.ROLE ? Boolean.TRUE : spec.inherit();
        Boolean login = spec.login() == null && kind != Kind.ROLE ? Boolean.valueOf(kind == Kind.USER) : spec.login();
        StringBuilder with = new StringBuilder();
        flag(with, inherit, "INHERIT");
        flag(with, spec.createdb(), "CREATEDB");
        flag(with, spec.createroles(), "CREATEROLE");
        if (now == null || spec.superuser() == null
                || spec.superuser().booleanValue() != Boolean.TRUE.equals(now.get("superuser"))) {
            flag(with, spec.superuser(), "SUPERUSER");
        }
        flag(with, spec.replication(), "REPLICATION");
        flag(with, login, "LOGIN");
        if (spec.connlimit() != null) {
            with.append(" CONNECTION LIMIT ").append(spec.connlimit());
        }
        if (spec.password() != null) {
            with.append(spec.password().isEmpty() ? " PASSWORD NULL"
                    : " ENCRYPTED PASSWORD " + Sql.literal(spec.password()));
        }
        if (spec.validUntil() != null) {
            with.append(" VALID UNTIL ").append(Sql.literal(spec.validUntil()));
        }
        return with.length() == 0 ? "" : " WITH" + with;
    }

    private static void flag(StringBuilder with, Boolean value, String flag) {
        if (value != null) {
            with.append(value ? " " : " NO").append(flag);
        }
    }

    private static List<String> grants(String name, RoleSpec spec) throws FunctionException {
        List<String> out = new ArrayList<>();
        for (String group : spec.groups()) {
            out.add("GRANT " + Sql.ident(group) + " TO " + Sql.ident(name));
        }
        return out;
    }

    private static List<String> transaction(List<String> statements) {
        if (statements.size() < 2) {
            return statements;
        }
        List<String> all = new ArrayList<>(List.of("BEGIN"));
        all.addAll(statements);
        all.add("COMMIT");
        return all;
    }

    private static Boolean bool(String text) {
        return switch (text) {
            case "t" -> Boolean.TRUE;
            case "f" -> Boolean.FALSE;
            default -> null;
        };
    }

    /** The member-of list, names unquoted from quote_ident's form. */
    static List<String> unquote(String joined) {
        List<String> names = new ArrayList<>();
        if (joined == null || joined.isEmpty()) {
            return names;
        }
        StringBuilder name = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < joined.length(); i++) {
            char ch = joined.charAt(i);
            if (quoted && ch == '"' && i + 1 < joined.length() && joined.charAt(i + 1) == '"') {
                name.append('"');
                i++;
            } else if (ch == '"') {
                quoted = !quoted;
            } else if (ch == ',' && !quoted) {
                names.add(name.toString());
                name.setLength(0);
            } else {
                name.append(ch);
            }
        }
        names.add(name.toString());
        return names;
    }
}
