package io.brine.modules.mysql;

import io.brine.functions.CommandRunner;
import io.brine.functions.FunctionException;
import java.io.IOException;
import java.util.List;

/**
 * One call's way to the server: the client, the runner the call was given and its connection arguments. Every
 * statement it sends is built from {@link SqlText}, so no argument reaches the server unquoted.
 */
record MysqlSession(MysqlClient client, CommandRunner runner, MysqlConnection connection) {
    /** Runs the statements; their result sets in order. */
    List<ResultSet> run(String sql) throws FunctionException, IOException, InterruptedException {
        return client.run(runner, connection, sql);
    }

    /** Runs one query; its result set (empty when the statement returns none). */
    ResultSet query(String sql) throws FunctionException, IOException, InterruptedException {
        List<ResultSet> all = run(sql);
        return all.isEmpty() ? new ResultSet(List.of(), List.of()) : all.get(all.size() - 1);
    }

    /** The server's version, {@code 10.11.6-MariaDB-0+deb12u1}. */
    String version() throws FunctionException, IOException, InterruptedException {
        String v = query("SELECT VERSION()").single();
        return v == null ? "" : v;
    }

    /** The same session with another connection password. */
    MysqlSession withPassword(String password) {
        return new MysqlSession(client, runner, connection.withPassword(password));
    }

    /** Whether the server is MariaDB at least {@code major.minor}, from its version text. */
    static boolean mariadbAtLeast(String version, int major, int minor) {
        if (!version.contains("MariaDB")) {
            return false;
        }
        String[] parts = version.split("[.-]");
        try {
            int ma = Integer.parseInt(parts[0]);
            int mi = parts.length > 1 ? Integer.parseInt(parts[1]) : 0;
            return ma > major || ma == major && mi >= minor;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
