package io.brine.modules.mysql;

import io.brine.functions.Command;
import io.brine.functions.CommandResult;
import io.brine.functions.CommandRunner;
import io.brine.functions.FunctionException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

/**
 * The {@code mysql} (or {@code mariadb}) command-line client, run by the minion's command runner: SQL on its standard
 * input, the connection in a private option file ({@code --defaults-extra-file}, mode 0600, deleted afterwards), the
 * results read as XML. {@code --binary-mode} turns off the client's own commands ({@code \!}, {@code system},
 * {@code source}) in what it reads, so SQL can only ever reach the server.
 *
 * <pre>{@code
 * List<ResultSet> r = new MysqlClient(Path.of("/usr/bin/mariadb")).run(runner, connection, "SELECT VERSION()");
 * }</pre>
 */
final class MysqlClient {
    private static final int OUTPUT_CAP = 64 << 20;

    private final String program;

    /** @param client the client program; null: {@code mysql} on the minion's PATH */
    MysqlClient(Path client) {
        this.program = client == null ? "mysql" : client.toString();
    }

    /**
     * Runs {@code sql} (one statement or several) and returns the result sets it produced, in order.
     *
     * @throws MysqlException with the server's or the client's error, as Salt words it
     */
    List<ResultSet> run(CommandRunner runner, MysqlConnection connection, String sql)
            throws FunctionException, IOException, InterruptedException {
        Path options = Files.createTempFile("brine-mysql-", ".cnf",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        try {
            Files.writeString(options, connection.optionFile(), StandardCharsets.UTF_8);
            Command command = Command.of(program, "--defaults-extra-file=" + options, "--batch", "--xml",
                    "--binary-mode").withStdin(sql).withOutputCap(OUTPUT_CAP);
            CommandResult r;
            try {
                r = runner.run(command);
            } catch (IOException e) {
                throw MysqlException.noClient("cannot run the MySQL client " + program + ": " + e.getMessage());
            }
            if (r.timedOut()) {
                throw new MysqlException(0, "the query did not finish before its timeout");
            }
            if (!r.ok()) {
                throw MysqlException.fromClient(r.stderr().isBlank() ? r.stdout() : r.stderr());
            }
            if (!r.truncated().isEmpty()) {
                throw new MysqlException(0, "the result is larger than " + (OUTPUT_CAP >> 20) + " MiB");
            }
            return ResultSet.parseAll(r.stdout());
        } finally {
            Files.deleteIfExists(options);
        }
    }
}
