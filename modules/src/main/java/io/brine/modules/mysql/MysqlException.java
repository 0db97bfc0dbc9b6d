package io.brine.modules.mysql;

import io.brine.functions.FunctionException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An error the server or the client reported, worded as Salt words it ({@code MySQL Error 1045: Access denied for
 * user 'bob'@'localhost' (using password: YES)}), since Salt's states put that text in their comments.
 */
final class MysqlException extends FunctionException {
    private static final Pattern CLIENT_ERROR = Pattern.compile("ERROR (\\d+)(?: \\(\\w+\\))?(?: at line \\d+)?: "
            + "(.*)", Pattern.DOTALL);

    private final int code;
    private final boolean noClient;

    MysqlException(int code, String message) {
        this(code, message, false);
    }

    private MysqlException(int code, String message, boolean noClient) {
        super(code == 0 ? "MySQL Error: " + message : "MySQL Error " + code + ": " + message);
        this.code = code;
        this.noClient = noClient;
    }

    /** The error in the client's standard error ({@code ERROR 1045 (28000): Access denied...}). */
    static MysqlException fromClient(String stderr) {
        String text = stderr.strip();
        Matcher m = CLIENT_ERROR.matcher(text.lines().filter(l -> l.startsWith("ERROR ")).findFirst().orElse(""));
        if (m.matches()) {
            return new MysqlException(Integer.parseInt(m.group(1)), m.group(2).strip());
        }
        return new MysqlException(0, text.isEmpty() ? "the mysql client failed without a message" : text);
    }

    /** The server's error number, 0 when the client failed otherwise. */
    int code() {
        return code;
    }

    /**
     * Whether the server could not be asked at all: no client (code 0 from {@link MysqlClient}), no server at the
     * socket or port (2002, 2003), an unknown host (2005), a connection lost (2013).
     */
    boolean unreachable() {
        return code == 2002 || code == 2003 || code == 2005 || code == 2013 || noClient;
    }

    /** The client program could not run (it is not installed). */
    static MysqlException noClient(String message) {
        return new MysqlException(0, message, true);
    }

    /** Whether the server refused the login of {@code user}. */
    boolean accessDeniedFor(String user) {
        return code == 1045 && getMessage().contains("Access denied for user '" + user + "'@");
    }
}
