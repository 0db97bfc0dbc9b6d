package io.brine.modules.postgres;

import io.brine.functions.CommandRunner;
import io.brine.functions.FunctionException;
import java.io.IOException;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Privileges on tables, sequences, schemas, functions, tablespaces, languages and databases, and membership of a
 * group, with Salt's rules ({@code has_privileges}, {@code privileges_grant}, {@code privileges_revoke}): an
 * object's owner has every privilege on it; {@code ALL} means every privilege of the object's type; asking for the
 * grant option asks for every privilege with it. Access lists are read with the server's {@code aclexplode}, so a
 * role whose name holds a comma or a quote is read right.
 */
final class PgPrivileges {
    /** The privileges each object type has, as Salt's {@code _PRIVILEGE_TYPE_MAP} lists them. */
    static final Map<String, List<String>> TYPES = Map.of(
            "table", List.of("INSERT", "SELECT", "UPDATE", "DELETE", "TRUNCATE", "REFERENCES", "TRIGGER"),
            "tablespace", List.of("CREATE"),
            "language", List.of("USAGE"),
            "sequence", List.of("SELECT", "UPDATE", "USAGE"),
            "schema", List.of("USAGE", "CREATE"),
            "database", List.of("CREATE", "TEMPORARY", "CONNECT"),
            "function", List.of("EXECUTE"));

    private final Psql psql;

    PgPrivileges(Psql psql) {
        this.psql = psql;
    }

    /** The object type in lower case and the privileges asked for, upper case, checked against the type. */
    static List<String> check(String objectType, String privileges) throws FunctionException {
        String type = objectType.toLowerCase(Locale.ROOT);
        List<String> privs = privileges == null || privileges.isBlank() ? List.of()
                : Arrays.stream(privileges.toUpperCase(Locale.ROOT).split("\\s?,\\s?")).map(String::strip).toList();
        if (type.equals("group")) {
            if (!privs.isEmpty()) {
                throw new FunctionException("The privileges option should not be set for object_type group");
            }
            return privs;
        }
        List<String> allowed = TYPES.get(type);
        if (allowed == null) {
            throw new FunctionException("Invalid object_type: " + objectType + " provided");
        }
        for (String p : privs) {
            if (!p.equals("ALL") && !allowed.contains(p)) {
                throw new FunctionException("Invalid privilege(s): " + privileges + " provided for object " + type);
            }
        }
        return privs;
    }

    /**
     * Who holds what on the object: for a group, each member and whether it has the admin option; otherwise each
     * grantee ({@code public} for PUBLIC) and its privileges, each with whether it is grantable.
     */
    Map<String, Object> list(CommandRunner runner, PgConnection c, String objectName, String objectType,
            String prepend) throws IOException, InterruptedException, FunctionException {
        String type = objectType.toLowerCase(Locale.ROOT);
        check(type, null);
        Map<String, Object> out = new LinkedHashMap<>();
        if (type.equals("group")) {
            for (Map<String, String> row : psql.query(runner, c, "SELECT r.rolname AS role, m.admin_option AS admin "
                    + "FROM pg_auth_members m JOIN pg_roles r ON m.member = r.oid WHERE m.roleid = "
                    + "(SELECT oid FROM pg_roles WHERE rolname = " + Sql.literal(objectName) + ") ORDER BY 1")) {
                out.put(row.get("role"), "t".equals(row.get("admin")));
            }
            return out;
        }
        String sql = "SELECT COALESCE(r.rolname, 'public') AS role, a.privilege_type AS priv, "
                + "a.is_grantable AS grantable FROM " + source(type, objectName, prepend)
                + " CROSS JOIN LATERAL aclexplode(acl) a LEFT JOIN pg_roles r ON r.oid = a.grantee";
        for (Map<String, String> row : psql.query(runner, c, sql)) {
            @SuppressWarnings("unchecked")
            Map<String, Boolean> privs = (Map<String, Boolean>) out.computeIfAbsent(row.get("role"),
                    k -> new LinkedHashMap<String, Boolean>());
            privs.put(row.get("priv"), "t".equals(row.get("grantable")));
        }
        return out;
    }

    /** The object's access list and owner, as a subquery with columns {@code acl} and {@code owner}. */
    private String source(String type, String name, String prepend) throws FunctionException {
        String n = Sql.literal(name);
        String schema = Sql.literal(prepend);
        return "(" + switch (type) {
            case "table", "sequence" -> "SELECT c.relacl AS acl, c.relowner AS owner FROM pg_class c JOIN pg_namespace "
                    + "ns ON ns.oid = c.relnamespace WHERE ns.nspname = " + schema + " AND c.relname = " + n
                    + " AND c.relkind IN " + (type.equals("table") ? "('r', 'v', 'p', 'm', 'f')" : "('S')");
            case "schema" -> "SELECT nspacl AS acl, nspowner AS owner FROM pg_namespace WHERE nspname = " + n;
            case "function" -> "SELECT p.proacl AS acl, p.proowner AS owner FROM pg_proc p JOIN pg_namespace ns "
                    + "ON ns.oid = p.pronamespace WHERE ns.nspname = " + schema + " AND p.oid::regprocedure::text = " + n;
            case "tablespace" -> "SELECT spcacl AS acl, spcowner AS owner FROM pg_tablespace WHERE spcname = " + n;
            case "language" -> "SELECT lanacl AS acl, lanowner AS owner FROM pg_language WHERE lanname = " + n;
            case "database" -> "SELECT datacl AS acl, datdba AS owner FROM pg_database WHERE datname = " + n;
            default -> throw new FunctionException("Invalid object_type: " + type + " provided");
        } + ") o";
    }

    private String owner(CommandRunner runner, PgConnection c, String type, String name, String prepend)
            throws IOException, InterruptedException, FunctionException {
        return psql.scalar(runner, c, "SELECT r.rolname FROM " + source(type, name, prepend)
                + " JOIN pg_roles r ON r.oid = o.owner");
    }

    /** Salt's {@code has_privileges}. */
    boolean has(CommandRunner runner, PgConnection c, String name, String objectName, String objectType,
            String privileges, boolean grantOption, String prepend)
            throws IOException, InterruptedException, FunctionException {
        String type = objectType.toLowerCase(Locale.ROOT);
        List<String> privs = check(type, privileges);
        if (!type.equals("group") && name.equals(owner(runner, c, type, objectName, prepend))) {
            return true;
        }
        Map<String, Object> held = list(runner, c, objectName, type, prepend);
        if (!held.containsKey(name)) {
            return false;
        }
        if (type.equals("group")) {
            return !grantOption || Boolean.TRUE.equals(held.get(name));
        }
        @SuppressWarnings("unchecked")
        Map<String, Boolean> mine = (Map<String, Boolean>) held.get(name);
        List<String> all = TYPES.get(type);
        if (grantOption) {
            Map<String, Boolean> every = new LinkedHashMap<>();
            all.forEach(p -> every.put(p, true));
            return every.equals(mine);
        }
        if (privs.contains("ALL")) {
            return new HashSet<>(all).equals(mine.keySet());
        }
        return mine.keySet().containsAll(privs);
    }

    /** Grants what is asked; false (and nothing done) when it is already held. */
    boolean grant(CommandRunner runner, PgConnection c, String name, String objectName, String objectType,
            String privileges, boolean grantOption, String prepend)
            throws IOException, InterruptedException, FunctionException {
        String type = objectType.toLowerCase(Locale.ROOT);
        List<String> privs = check(type, privileges);
        if (has(runner, c, name, objectName, type, privileges, false, prepend)) {
            return false;
        }
        String sql;
        if (type.equals("group")) {
            sql = "GRANT " + Sql.ident(objectName) + " TO " + Sql.ident(name) + (grantOption ? " WITH ADMIN OPTION"
                    : "");
        } else {
            sql = "GRANT " + joined(privs) + " ON " + on(runner, c, type, objectName, prepend) + " TO "
                    + Sql.ident(name) + (grantOption ? " WITH GRANT OPTION" : "");
        }
        psql.execute(runner, c, List.of(sql));
        return true;
    }

    /** Revokes what is asked; false (and nothing done) when it is not held. */
    boolean revoke(CommandRunner runner, PgConnection c, String name, String objectName, String objectType,
            String privileges, String prepend) throws IOException, InterruptedException, FunctionException {
        String type = objectType.toLowerCase(Locale.ROOT);
        List<String> privs = check(type, privileges);
        if (!has(runner, c, name, objectName, type, privileges, false, prepend)) {
            return false;
        }
        String sql = type.equals("group") ? "REVOKE " + Sql.ident(objectName) + " FROM " + Sql.ident(name)
                : "REVOKE " + joined(privs) + " ON " + on(runner, c, type, objectName, prepend) + " FROM "
                        + Sql.ident(name);
        psql.execute(runner, c, List.of(sql));
        return true;
    }

    private static String joined(List<String> privs) throws FunctionException {
        if (privs.isEmpty()) {
            throw new FunctionException("postgres: give the privileges to grant or revoke");
        }
        return String.join(", ", new LinkedHashSet<>(privs));
    }

    /** The object as GRANT names it; a function by the signature the server itself writes for it. */
    private String on(CommandRunner runner, PgConnection c, String type, String objectName, String prepend)
            throws IOException, InterruptedException, FunctionException {
        return switch (type) {
            case "table", "sequence" -> objectName.equalsIgnoreCase("ALL")
                    ? "ALL " + type.toUpperCase(Locale.ROOT) + "S IN SCHEMA " + Sql.ident(prepend)
                    : type.toUpperCase(Locale.ROOT) + " " + Sql.ident(prepend) + "." + Sql.ident(objectName);
            case "function" -> {
                String signature = psql.scalar(runner, c, "SELECT p.oid::regprocedure::text FROM pg_proc p "
                        + "JOIN pg_namespace ns ON ns.oid = p.pronamespace WHERE ns.nspname = " + Sql.literal(prepend)
                        + " AND p.oid::regprocedure::text = " + Sql.literal(objectName));
                if (signature == null) {
                    throw new FunctionException("postgres: no function " + objectName + " in schema " + prepend
                            + " (name it as its signature, e.g. f(integer))");
                }
                yield "FUNCTION " + signature; // the server's own text: schema-qualified when it must be
            }
            default -> type.toUpperCase(Locale.ROOT) + " " + Sql.ident(objectName);
        };
    }
}
