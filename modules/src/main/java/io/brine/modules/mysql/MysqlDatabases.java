package io.brine.modules.mysql;

import io.brine.functions.FunctionException;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Databases, as Salt's {@code mysql.db_*} functions see them. A name is looked up exactly (bytes, case and all),
 * where Salt's {@code SHOW DATABASES LIKE} would also take {@code _} and {@code %} in it as wildcards.
 */
final class MysqlDatabases {
    private final MysqlSession session;

    MysqlDatabases(MysqlSession session) {
        this.session = session;
    }

    List<String> list() throws FunctionException, IOException, InterruptedException {
        return session.query("SHOW DATABASES").firstColumn();
    }

    boolean exists(String name) throws FunctionException, IOException, InterruptedException {
        return !get(name).isEmpty();
    }

    /** {@code {character_set: utf8mb4, collate: utf8mb4_general_ci}}, or empty when there is no such database. */
    Map<String, Object> get(String name) throws FunctionException, IOException, InterruptedException {
        ResultSet r = session.query("SELECT DEFAULT_CHARACTER_SET_NAME, DEFAULT_COLLATION_NAME FROM "
                + "information_schema.SCHEMATA WHERE BINARY SCHEMA_NAME = " + SqlText.bytes(name));
        Map<String, Object> out = new LinkedHashMap<>();
        if (!r.rows().isEmpty()) {
            out.put("character_set", r.rows().get(0).get(0));
            out.put("collate", r.rows().get(0).get(1));
        }
        return out;
    }

    /** Creates the database; false, as Salt, when it exists already. */
    boolean create(String name, String characterSet, String collate)
            throws FunctionException, IOException, InterruptedException {
        if (exists(name)) {
            return false;
        }
        StringBuilder sql = new StringBuilder("CREATE DATABASE IF NOT EXISTS " + SqlText.identifier(name));
        if (characterSet != null) {
            sql.append(" CHARACTER SET ").append(SqlText.name(characterSet, "character set"));
        }
        if (collate != null) {
            sql.append(" COLLATE ").append(SqlText.name(collate, "collation"));
        }
        session.run(sql.toString());
        return true;
    }

    /** Changes the character set or collation, keeping what is not given. */
    boolean alter(String name, String characterSet, String collate)
            throws FunctionException, IOException, InterruptedException {
        Map<String, Object> existing = get(name);
        if (existing.isEmpty()) {
            return false;
        }
        String set = characterSet != null ? characterSet : (String) existing.get("character_set");
        String coll = collate != null ? collate : (String) existing.get("collate");
        session.run("ALTER DATABASE " + SqlText.identifier(name) + " CHARACTER SET "
                + SqlText.name(set, "character set") + " COLLATE " + SqlText.name(coll, "collation"));
        return true;
    }

    /** Drops the database; false when it does not exist or is the server's own {@code mysql}. */
    boolean remove(String name) throws FunctionException, IOException, InterruptedException {
        if (!exists(name) || name.equals("mysql") || name.equals("information_schema")) {
            return false;
        }
        session.run("DROP DATABASE " + SqlText.identifier(name));
        return !exists(name);
    }
}
