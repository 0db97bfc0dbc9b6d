package io.brine.modules.mysql;

import io.brine.functions.FunctionException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Accounts, as Salt's {@code mysql.user_*} functions manage them on MariaDB (and on MySQL with mysql_native_password).
 * A password never enters a statement: the server is given, and compared against, the mysql_native_password hash
 * computed here, which is what {@code IDENTIFIED BY 'password'} and {@code PASSWORD('password')} store.
 *
 * <p>As Salt, a session whose login is refused for the very user being managed retries with that user's own new
 * password (a state that has just set root's password, run again).
 */
final class MysqlUsers {
    private static final String NATIVE = "mysql_native_password";

    private MysqlSession session;
    private String version;

    MysqlUsers(MysqlSession session) {
        this.session = session;
    }

    /** The password wanted for a user: clear text, a stored hash, or none. */
    record Password(String clear, String hash) {
        boolean none() {
            return clear == null && hash == null;
        }

        /** The hash the server stores, {@code *6C89...}; null for none. */
        String stored() {
            if (clear != null) {
                return SqlText.nativeHash(clear);
            }
            return hash != null && hash.matches("\\*[0-9a-fA-F]{40}") ? hash.toUpperCase(Locale.ROOT) : hash;
        }
    }

    /** Reaches the server, retrying with the managed user's password as Salt does; returns the version. */
    String reach(String user, Password password) throws FunctionException, IOException, InterruptedException {
        if (version != null) {
            return version;
        }
        try {
            version = session.version();
        } catch (MysqlException e) {
            if (password.clear() == null || !e.accessDeniedFor(user)) {
                throw e;
            }
            session = session.withPassword(password.clear());
            version = session.version();
        }
        return version;
    }

    List<Map<String, Object>> list() throws FunctionException, IOException, InterruptedException {
        List<Map<String, Object>> out = new ArrayList<>();
        for (List<String> row : session.query("SELECT User, Host FROM mysql.user").rows()) {
            Map<String, Object> each = new LinkedHashMap<>();
            each.put("User", row.get(0));
            each.put("Host", row.get(1));
            out.add(each);
        }
        return out;
    }

    /** Every column of the user's row in {@code mysql.user}, or null when there is no such user. */
    Map<String, Object> info(String user, String host) throws FunctionException, IOException, InterruptedException {
        ResultSet r = session.query("SELECT * FROM mysql.user WHERE " + where(user, host));
        if (r.rows().isEmpty()) {
            return null;
        }
        Map<String, Object> out = new LinkedHashMap<>();
        for (int i = 0; i < r.columns().size(); i++) {
            out.put(r.columns().get(i), r.rows().get(0).get(i));
        }
        return out;
    }

    /**
     * Salt's {@code user_exists}: the account exists and, when asked, has this password, this hash, no password
     * ({@code passwordless}) or unix-socket authentication ({@code passwordless} and {@code unixSocket}).
     */
    boolean exists(String user, String host, Password password, boolean passwordless, boolean unixSocket)
            throws FunctionException, IOException, InterruptedException {
        reach(user, password);
        StringBuilder sql = new StringBuilder("SELECT User FROM mysql.user WHERE " + where(user, host));
        if (passwordless && unixSocket) {
            sql.append(" AND plugin = 'unix_socket'");
        } else if (passwordless) {
            sql.append(" AND ").append(passwordColumn()).append(" = ''");
        } else if (!password.none()) {
            sql.append(" AND BINARY ").append(passwordColumn()).append(" = ").append(SqlText.bytes(password.stored()));
        }
        return !session.query(sql.toString()).rows().isEmpty();
    }

    /** Salt's {@code user_create}; false when the user exists, or no password was given and none allowed. */
    boolean create(String user, String host, Password password, boolean allowPasswordless, boolean unixSocket)
            throws FunctionException, IOException, InterruptedException {
        String server = reach(user, password);
        if (exists(user, host, new Password(null, null), false, false)) {
            return false;
        }
        String sql = "CREATE USER " + SqlText.account(user, host);
        if (unixSocket) {
            sql += " IDENTIFIED VIA " + socketPlugin(host);
        } else if (!allowPasswordless) {
            if (password.none()) {
                return false;
            }
            sql += server.contains("MariaDB") ? " IDENTIFIED BY PASSWORD " + SqlText.hash(password.stored())
                    : " IDENTIFIED WITH " + NATIVE + " AS " + SqlText.hash(password.stored());
        }
        session.run(sql);
        return exists(user, host, password, false, false);
    }

    /** Salt's {@code user_chpass}: sets the password or hash, or clears it, or turns to unix-socket login. */
    boolean changePassword(String user, String host, Password password, boolean allowPasswordless,
            boolean unixSocket) throws FunctionException, IOException, InterruptedException {
        String server = reach(user, password);
        if (!exists(user, host, new Password(null, null), false, false)) {
            return false;
        }
        if (password.none() && !allowPasswordless) {
            return false;
        }
        String account = SqlText.account(user, host);
        String hash = password.none() ? "" : password.stored();
        String sql;
        if (allowPasswordless && unixSocket && password.none()) {
            String plugin = socketPlugin(host);
            sql = MysqlSession.mariadbAtLeast(server, 10, 4) ? "ALTER USER " + account + " IDENTIFIED VIA " + plugin
                    : "UPDATE mysql.user SET Password = '', plugin = 'unix_socket' WHERE " + where(user, host);
        } else if (MysqlSession.mariadbAtLeast(server, 10, 4)) {
            sql = "ALTER USER " + account + " IDENTIFIED VIA " + NATIVE + " USING " + SqlText.hash(hash);
        } else if (server.contains("MariaDB")) {
            sql = "SET PASSWORD FOR " + account + " = " + SqlText.hash(hash);
        } else {
            sql = "ALTER USER " + account + " IDENTIFIED WITH " + NATIVE + " AS " + SqlText.hash(hash);
        }
        session.run(sql + ";\nFLUSH PRIVILEGES");
        return true;
    }

    /** Salt's {@code user_remove}: false when there is no such user. */
    boolean remove(String user, String host) throws FunctionException, IOException, InterruptedException {
        if (!exists(user, host, new Password(null, null), false, false)) {
            return false;
        }
        session.run("DROP USER " + SqlText.account(user, host));
        return !exists(user, host, new Password(null, null), false, false);
    }

    /** The session reached, after any retry with the user's password. */
    MysqlSession session() {
        return session;
    }

    /** The unix_socket plugin, refused as Salt refuses it: when not active, or for a host other than localhost. */
    private String socketPlugin(String host) throws FunctionException, IOException, InterruptedException {
        if (!"localhost".equals(host)) {
            throw new MysqlException(0, "Auth via unix_socket can be set only for host=localhost");
        }
        String status = session.query("SELECT PLUGIN_STATUS FROM information_schema.PLUGINS WHERE PLUGIN_NAME = "
                + "'unix_socket'").single();
        if (!"ACTIVE".equals(status)) {
            throw new MysqlException(0, "The unix_socket plugin is not enabled.");
        }
        return "unix_socket";
    }

    /** {@code Password} where the user table has it (MariaDB, MySQL 5), else {@code authentication_string}. */
    private String passwordColumn() throws FunctionException, IOException, InterruptedException {
        String found = session.query("SELECT COLUMN_NAME FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = 'mysql' "
                + "AND TABLE_NAME = 'user' AND COLUMN_NAME = 'Password'").single();
        return found != null ? "Password" : "authentication_string";
    }

    static String where(String user, String host) throws FunctionException {
        return "BINARY User = " + SqlText.bytes(user) + " AND BINARY Host = " + SqlText.bytes(host);
    }
}
