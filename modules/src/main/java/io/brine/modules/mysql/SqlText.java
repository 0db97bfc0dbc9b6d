package io.brine.modules.mysql;

import io.brine.functions.FunctionException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;

/**
 * How a value from a call becomes SQL text: a string as a hexadecimal literal ({@code X'6a6f65'}), which no SQL mode
 * or character set can read as anything but its bytes; a name as a backquoted identifier with its backquotes
 * doubled ({@code `my``db`}), which is also how account parts are written since the grammar takes no hexadecimal
 * literal there; a password never at all, only the hash of it the server stores. Nothing else of a caller's
 * reaches a statement, except names checked against a strict pattern first.
 */
final class SqlText {
    private SqlText() {
    }

    /** A string compared as bytes: {@code X'...'} (its UTF-8 encoding). Compare with {@code BINARY column}. */
    static String bytes(String value) throws FunctionException {
        return "X'" + HexFormat.of().formatHex(checked(value, "a value").getBytes(StandardCharsets.UTF_8)) + "'";
    }

    /** A string as text: {@code _utf8mb4 X'...'}, whatever the connection's character set is. */
    static String text(String value) throws FunctionException {
        return "_utf8mb4 " + bytes(value);
    }

    /** A database, table or column name: {@code `name`}, backquotes doubled. */
    static String identifier(String name) throws FunctionException {
        checked(name, "a name");
        if (name.isEmpty()) {
            throw new FunctionException("MySQL Error: a database or table name cannot be empty");
        }
        return "`" + name.replace("`", "``") + "`";
    }

    /** An account, {@code `user`@`host`}; the anonymous user and an empty host as {@code ''}. */
    static String account(String user, String host) throws FunctionException {
        return part(user) + "@" + part(host);
    }

    private static String part(String value) throws FunctionException {
        checked(value, "a user or host");
        return value.isEmpty() ? "''" : "`" + value.replace("`", "``") + "`";
    }

    /** A character set, collation or plugin name, which is only ever letters, digits and underscores. */
    static String name(String value, String what) throws FunctionException {
        if (value == null || !value.matches("[A-Za-z0-9_]{1,64}")) {
            throw new FunctionException("MySQL Error: '" + value + "' is not a valid " + what + " name");
        }
        return "`" + value + "`";
    }

    /**
     * A stored password hash ({@code *6C89...} for mysql_native_password) as a quoted literal: hashes are written in
     * a few safe characters only, so anything else is refused rather than escaped.
     */
    static String hash(String value) throws FunctionException {
        if (value == null || !value.matches("[A-Za-z0-9*+/=.$_-]*")) {
            throw new FunctionException("MySQL Error: the password hash may only contain letters, digits and "
                    + "*+/=.$_-");
        }
        return "'" + value + "'";
    }

    /** The server's {@code PASSWORD(text)}: mysql_native_password's hash, '*' and SHA1(SHA1(password)) in hex. */
    static String nativeHash(String password) {
        try {
            MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
            byte[] once = sha1.digest(password.getBytes(StandardCharsets.UTF_8));
            return "*" + HexFormat.of().formatHex(sha1.digest(once)).toUpperCase(Locale.ROOT);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-1", e);
        }
    }

    private static String checked(String value, String what) throws FunctionException {
        if (value == null) {
            throw new FunctionException("MySQL Error: " + what + " is missing");
        }
        if (value.indexOf('\0') >= 0) {
            throw new FunctionException("MySQL Error: " + what + " cannot contain a NUL character");
        }
        return value;
    }
}
