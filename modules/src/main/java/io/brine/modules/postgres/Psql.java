package io.brine.modules.postgres;

import io.brine.functions.Command;
import io.brine.functions.CommandResult;
import io.brine.functions.CommandRunner;
import io.brine.functions.FunctionException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * PostgreSQL's own client, {@code psql}, run by the minion's command runner as Salt's postgres module runs it: as
 * the connection's system user, never prompting. No driver lives in the minion, and Debian's default local
 * authentication (peer, as {@code postgres}) works as it does for Salt.
 *
 * <p>What the caller gives never reaches psql's command line: the SQL goes on standard input, the connection in
 * libpq's environment variables (a database name is never read as a connection string there), and a password in a
 * mode-0600 password file of the run's own, deleted afterwards. Variables from the minion's environment that could
 * point libpq elsewhere ({@code PGSERVICE}, {@code PGOPTIONS}...) are removed.
 */
final class Psql {
    private static final List<String> FOREIGN_ENV = List.of("PGSERVICE", "PGSERVICEFILE", "PGOPTIONS", "PGSSLMODE",
            "PGHOSTADDR", "PGSYSCONFDIR", "PSQLRC", "PGCONNECT_TIMEOUT");

    private final Path binDir;

    /** @param binDir where psql is; null: the minion's PATH */
    Psql(Path binDir) {
        this.binDir = binDir;
    }

    /** Runs a query and returns its rows (column name to text; NULL is empty, as Salt's CSV reading has it). */
    List<Map<String, String>> query(CommandRunner runner, PgConnection c, String sql)
            throws IOException, InterruptedException, FunctionException {
        return query(runner, c, sql, false);
    }

    /** A query; with {@code write}, run read-write even where the server's default is read-only (a replica's). */
    List<Map<String, String>> query(CommandRunner runner, PgConnection c, String sql, boolean write)
            throws IOException, InterruptedException, FunctionException {
        String script = (write ? "SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE;\n" : "")
                + "SET datestyle = 'ISO, MDY';\nCOPY (" + sql.strip().replaceAll(";+$", "")
                + ") TO STDOUT WITH CSV HEADER;\n";
        return rows(Csv.parse(run(runner, c, script).stdout()));
    }

    /** Runs statements, in order, stopping at the first error (a FunctionException with psql's message). */
    void execute(CommandRunner runner, PgConnection c, List<String> statements)
            throws IOException, InterruptedException, FunctionException {
        StringBuilder script = new StringBuilder();
        for (String s : statements) {
            script.append(s.strip().replaceAll(";+$", "")).append(";\n");
        }
        run(runner, c, script.toString());
    }

    /** The first column of the first row of a query, or null when there is no row. */
    String scalar(CommandRunner runner, PgConnection c, String sql)
            throws IOException, InterruptedException, FunctionException {
        List<Map<String, String>> rows = query(runner, c, sql);
        return rows.isEmpty() ? null : rows.get(0).values().iterator().next();
    }

    private CommandResult run(CommandRunner runner, PgConnection c, String script)
            throws IOException, InterruptedException, FunctionException {
        Map<String, String> env = new HashMap<>();
        FOREIGN_ENV.forEach(k -> env.put(k, null));
        env.put("PGDATABASE", c.database());
        env.put("PGHOST", c.host());
        env.put("PGPORT", c.port() == null ? null : String.valueOf(c.port()));
        env.put("PGUSER", c.user());
        env.put("PGPASSWORD", null);
        env.put("PGAPPNAME", "brine");
        if (!installed()) {
            throw new PgUnreachable("psql is not installed" + (binDir == null ? " (not found in PATH)" : " in "
                    + binDir));
        }
        if (c.runas() != null && !userExists(c.runas())) {
            throw new PgUnreachable("there is no system user '" + c.runas() + "' to run psql as");
        }
        Path passfile = c.password() == null ? null : passfile(c);
        try {
            env.put("PGPASSFILE", passfile == null ? null : passfile.toString());
            Command command = Command.of(psql(), "--no-align", "--no-readline", "--no-psqlrc", "--no-password",
                    "--quiet", "--set", "ON_ERROR_STOP=1").withEnv(env).withCwd(Path.of("/"));
            command = command.withStdin("SET standard_conforming_strings = on;\n" + script);
            CommandResult r = runner.run(c.runas() == null ? command : command.withRunas(c.runas()));
            if (r.exitCode() == 2) {
                // psql's status for a connection that could not be made or was lost
                throw new PgUnreachable(message(r));
            }
            if (r.exitCode() != 0) {
                throw new FunctionException(message(r));
            }
            return r;
        } finally {
            if (passfile != null) {
                Files.deleteIfExists(passfile);
            }
        }
    }

    private boolean installed() {
        if (binDir != null) {
            return Files.isExecutable(binDir.resolve("psql"));
        }
        String path = System.getenv().getOrDefault("PATH", "/usr/bin:/bin");
        for (String dir : path.split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, "psql"))) {
                return true;
            }
        }
        return false;
    }

    private static boolean userExists(String user) {
        try {
            Path.of("/").getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName(user);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private String psql() {
        return binDir == null ? "psql" : binDir.resolve("psql").toString();
    }

    /** A password file of this run's own, readable only by the user psql runs as. */
    private static Path passfile(PgConnection c) throws IOException, FunctionException {
        if (c.password().indexOf('\n') >= 0 || c.password().indexOf('\r') >= 0) {
            throw new FunctionException("postgres: a password cannot contain a line break");
        }
        Path file = Files.createTempFile("brine-pgpass-", "", PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rw-------")));
        try {
            Files.writeString(file, "*:*:*:*:" + c.password().replace("\\", "\\\\").replace(":", "\\:") + "\n");
            if (c.runas() != null) {
                UserPrincipal owner = file.getFileSystem().getUserPrincipalLookupService()
                        .lookupPrincipalByName(c.runas());
                Files.setOwner(file, owner);
            }
            return file;
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(file);
            throw e;
        }
    }

    /** psql's error without its {@code psql:<stdin>:2:} prefix. */
    private static String message(CommandResult r) {
        String err = r.stderr().strip();
        if (err.isEmpty()) {
            err = r.stdout().strip();
        }
        if (err.isEmpty()) {
            err = "psql exited " + r.exitCode();
        }
        return err.replaceAll("(?m)^psql:<stdin>:\\d+: ", "");
    }

    private static List<Map<String, String>> rows(List<List<String>> records) {
        List<Map<String, String>> rows = new ArrayList<>();
        if (records.isEmpty()) {
            return rows;
        }
        List<String> header = records.get(0);
        for (List<String> record : records.subList(1, records.size())) {
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < header.size(); i++) {
                row.put(header.get(i), i < record.size() ? record.get(i) : "");
            }
            rows.add(row);
        }
        return rows;
    }
}
