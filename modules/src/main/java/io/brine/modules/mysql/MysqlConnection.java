package io.brine.modules.mysql;

import io.brine.functions.Arguments;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Salt's connection arguments ({@code connection_host}, {@code connection_user}...), which every MySQL function and
 * state takes. They reach the client only through an option file ({@link #optionFile}), never its command line or
 * environment, so a password is not visible in the process list. Null means "not given": the client's own defaults
 * (the machine's option files, the login user, the default socket) apply, as they do for Salt's MySQLdb.
 *
 * @param defaultFile an option file read first, as Salt's {@code connection_default_file}
 *                    ({@code /etc/mysql/debian.cnf}); the other arguments override it
 */
record MysqlConnection(String host, Long port, String user, String password, String db, String unixSocket,
        String defaultFile, String charset) {
    /** The charset when none is given: what the client's input (UTF-8) is. */
    static final String DEFAULT_CHARSET = "utf8mb4";

    static final List<Param> PARAMS = List.of(
            Param.optional("connection_host", Type.STRING, null, "the server's host (localhost: the unix socket)"),
            Param.optional("connection_port", Type.INTEGER, null, "the server's TCP port").between(1, 65535),
            Param.optional("connection_user", Type.STRING, null, "the user to connect as"),
            Param.optional("connection_pass", Type.STRING, null, "that user's password"),
            Param.optional("connection_db", Type.STRING, null, "the database to connect to"),
            Param.optional("connection_unix_socket", Type.STRING, null, "the server's unix socket"),
            Param.optional("connection_default_file", Type.STRING, null,
                    "an option file to read first, such as /etc/mysql/debian.cnf"),
            Param.optional("connection_charset", Type.STRING, null, "the connection's character set (utf8mb4)")
                    .matching("[A-Za-z0-9_]{1,64}"));

    /** The connection the call's {@code connection_*} arguments describe. */
    static MysqlConnection of(Arguments args) throws FunctionException {
        return of(args, Map.of());
    }

    /**
     * The connection the {@code connection_*} arguments describe, each missing one from the flat key Salt's
     * {@code config.option} reads ({@code mysql.host}, {@code mysql.user}, {@code mysql.pass}, {@code mysql.port},
     * {@code mysql.db}, {@code mysql.unix_socket}, {@code mysql.default_file}, {@code mysql.charset}) in
     * {@code options} (a state's pillar). As in Salt, a {@code connection_default_file} given to the call turns that
     * off, the character set aside, so the file's login is not mixed with another's.
     */
    static MysqlConnection of(Arguments args, Map<String, Object> options) throws FunctionException {
        boolean fromOptions = args.optString("connection_default_file").isEmpty();
        Map<String, Object> opts = fromOptions ? options : Map.of();
        String port = given(args, "connection_port", opts);
        Long portNumber = null;
        if (port != null) {
            try {
                portNumber = Long.valueOf(port);
            } catch (NumberFormatException e) {
                throw new FunctionException("MySQL Error: mysql.port '" + port + "' is not a number");
            }
        }
        return new MysqlConnection(given(args, "connection_host", opts), portNumber,
                given(args, "connection_user", opts), given(args, "connection_pass", opts),
                given(args, "connection_db", opts), given(args, "connection_unix_socket", opts),
                given(args, "connection_default_file", opts), given(args, "connection_charset", options));
    }

    /** Salt drops empty connection arguments, so an empty password means none. */
    private static String given(Arguments args, String name, Map<String, Object> options) {
        Object value = args.raw(name);
        if (value == null || String.valueOf(value).isEmpty()) {
            value = options.get("mysql." + name.substring("connection_".length()));
        }
        return value == null || String.valueOf(value).isEmpty() ? null : String.valueOf(value);
    }

    /** The same connection with another password (Salt retries a user's own new password). */
    MysqlConnection withPassword(String newPassword) {
        return new MysqlConnection(host, port, user, newPassword, db, unixSocket, defaultFile, charset);
    }

    /** The option file's text: the default file included first, then a {@code [client]} group overriding it. */
    String optionFile() throws FunctionException {
        StringBuilder out = new StringBuilder();
        if (defaultFile != null) {
            Path file = Path.of(defaultFile);
            if (!file.isAbsolute() || !Files.isReadable(file) || defaultFile.chars().anyMatch(c -> c < ' ')) {
                throw new FunctionException("MySQL Error: connection_default_file " + defaultFile
                        + " is not a readable file (an absolute path)");
            }
            out.append("!include ").append(defaultFile).append('\n');
        }
        out.append("[client]\n");
        option(out, "host", host);
        option(out, "port", port == null ? null : port.toString());
        option(out, "user", user);
        option(out, "password", password);
        option(out, "socket", unixSocket);
        option(out, "database", db);
        option(out, "default-character-set", charset == null ? DEFAULT_CHARSET : charset);
        return out.toString();
    }

    /** A value in double quotes with the escapes option files know, so '#', quotes and spaces are kept. */
    private static void option(StringBuilder out, String name, String value) throws FunctionException {
        if (value == null) {
            return;
        }
        StringBuilder quoted = new StringBuilder("\"");
        for (char c : value.toCharArray()) {
            switch (c) {
                case '\\' -> quoted.append("\\\\");
                case '"' -> quoted.append("\\\"");
                case '\n' -> quoted.append("\\n");
                case '\r' -> quoted.append("\\r");
                case '\t' -> quoted.append("\\t");
                case '\b' -> quoted.append("\\b");
                case '\0' -> throw new FunctionException("MySQL Error: connection " + name
                        + " cannot contain a NUL character");
                default -> quoted.append(c);
            }
        }
        out.append(name).append('=').append(quoted).append("\"\n");
    }
}
