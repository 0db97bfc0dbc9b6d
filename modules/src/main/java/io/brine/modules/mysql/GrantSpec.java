package io.brine.modules.mysql;

import io.brine.functions.FunctionException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What a grant names, checked and written as SQL: privileges from MariaDB's and MySQL's list (as Salt checks them),
 * and a {@code database} of Salt's form {@code db.table}, {@code db.*} or {@code *.*}, split at its last dot.
 * With {@code escape} (Salt's default) the names are taken literally: a database-level grant escapes {@code _}
 * (and a backslash) so they match only themselves, as Salt does; {@code %} stays a wildcard, as in Salt. Without
 * it, a pattern's {@code _} and {@code \} keep their meaning, but the name is still backquoted.
 *
 * @param database the database as the server stores the grant's pattern ({@code shop\_db}), or {@code *}
 * @param table    the table, or {@code *}
 */
record GrantSpec(List<String> privileges, String database, String table) {
    /** Salt's {@code __grants__}: the privilege names MariaDB and MySQL know. */
    static final Set<String> PRIVILEGES = Set.of("ALL PRIVILEGES", "ALTER", "ALTER ROUTINE", "BACKUP_ADMIN",
            "BINLOG_ADMIN", "BINLOG ADMIN", "BINLOG MONITOR", "BINLOG REPLAY", "CONNECTION_ADMIN", "CONNECTION ADMIN",
            "CREATE", "CREATE ROLE", "CREATE ROUTINE", "CREATE TABLESPACE", "CREATE TEMPORARY TABLES", "CREATE USER",
            "CREATE VIEW", "DELETE", "DELETE HISTORY", "DROP", "DROP ROLE", "ENCRYPTION_KEY_ADMIN", "EVENT",
            "EXECUTE", "FEDERATED ADMIN", "FILE", "GRANT OPTION", "GROUP_REPLICATION_ADMIN", "INDEX", "INSERT",
            "LOCK TABLES", "PERSIST_RO_VARIABLES_ADMIN", "PROCESS", "READ_ONLY ADMIN", "REFERENCES", "RELOAD",
            "REPLICA MONITOR", "REPLICATION CLIENT", "REPLICATION MASTER ADMIN", "REPLICATION REPLICA",
            "REPLICATION SLAVE", "REPLICATION_SLAVE_ADMIN", "REPLICATION SLAVE ADMIN", "RESOURCE_GROUP_ADMIN",
            "RESOURCE_GROUP_USER", "ROLE_ADMIN", "SELECT", "SET USER", "SET_USER_ID", "SHOW DATABASES", "SHOW VIEW",
            "SHUTDOWN", "SLAVE MONITOR", "SUPER", "SYSTEM_VARIABLES_ADMIN", "TRIGGER", "UPDATE", "USAGE",
            "XA_RECOVER_ADMIN");

    GrantSpec {
        privileges = List.copyOf(privileges);
    }

    static GrantSpec of(String grant, String database, boolean escape) throws FunctionException {
        if (grant == null || grant.isBlank()) {
            throw new FunctionException("MySQL Error: no grant given (SELECT, INSERT... or ALL PRIVILEGES)");
        }
        if (database == null || database.lastIndexOf('.') < 0) {
            throw new FunctionException("MySQL Error: database must be db.table, db.* or *.*, got '" + database
                    + "'");
        }
        String db = database.substring(0, database.lastIndexOf('.'));
        String table = database.substring(database.lastIndexOf('.') + 1);
        if (!escape) {
            db = unquoted(db);
            table = unquoted(table);
        } else if (!db.equals("*") && table.equals("*")) {
            db = db.replace("\\", "\\\\").replace("_", "\\_");
        }
        if (db.isEmpty() || table.isEmpty() || db.equals("*") && !table.equals("*")) {
            throw new FunctionException("MySQL Error: database must be db.table, db.* or *.*, got '" + database
                    + "'");
        }
        return new GrantSpec(privileges(grant), db, table);
    }

    /** The privileges, upper case, one space between words; ALL as ALL PRIVILEGES. Salt's check, stricter. */
    static List<String> privileges(String grant) throws FunctionException {
        List<String> out = new ArrayList<>();
        for (String each : grant.split(",", -1)) {
            String p = each.strip().replaceAll("\\s+", " ").toUpperCase(Locale.ROOT);
            if (p.equals("ALL")) {
                p = "ALL PRIVILEGES";
            }
            if (p.contains("(")) {
                throw new FunctionException("MySQL Error: column privileges ('" + each.strip() + "') are not "
                        + "supported");
            }
            if (!PRIVILEGES.contains(p)) {
                throw new FunctionException("Invalid grant : '" + each.strip() + "'");
            }
            out.add(p);
        }
        return out;
    }

    /** A name written the way the server reads it in a statement: its quotes (if any) taken off. */
    private static String unquoted(String name) {
        if (name.length() >= 2 && name.startsWith("`") && name.endsWith("`")) {
            return name.substring(1, name.length() - 1).replace("``", "`");
        }
        return name;
    }

    /** {@code SELECT, INSERT}: names from the fixed list only. */
    String privilegesSql() {
        return String.join(", ", privileges);
    }

    /** {@code `db`.`table`}, {@code `db`.*} or {@code *.*}. */
    String targetSql() throws FunctionException {
        return (database.equals("*") ? "*" : SqlText.identifier(database)) + "."
                + (table.equals("*") ? "*" : SqlText.identifier(table));
    }

    /** Whether a SHOW GRANTS line is on this grant's database and table. */
    boolean sameTarget(GrantLine line) {
        return line.database().equals(database) && line.table().equals(table);
    }
}
