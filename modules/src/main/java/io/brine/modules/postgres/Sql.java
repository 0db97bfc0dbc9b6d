package io.brine.modules.postgres;

import io.brine.functions.FunctionException;

/**
 * Values from a state's arguments as SQL: names as quoted identifiers, texts as string literals. Nothing a caller
 * gives reaches a statement any other way. Literals rely on {@code standard_conforming_strings}, on by default since
 * PostgreSQL 9.1 and set by Brine's scripts (see {@link Psql}), so a backslash is only a backslash.
 */
final class Sql {
    private Sql() {
    }

    /** {@code "name"}, with double quotes doubled: any text is one identifier, matched case-sensitively. */
    static String ident(String name) throws FunctionException {
        check(name, "name");
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }

    /** {@code 'text'}, with single quotes doubled. */
    static String literal(String text) throws FunctionException {
        if (text == null || text.indexOf('\0') >= 0) {
            throw new FunctionException("postgres: a value cannot be null or contain a NUL character");
        }
        return "'" + text.replace("'", "''") + "'";
    }

    private static void check(String text, String what) throws FunctionException {
        if (text == null || text.isEmpty()) {
            throw new FunctionException("postgres: an empty " + what);
        }
        if (text.indexOf('\0') >= 0) {
            throw new FunctionException("postgres: a " + what + " cannot contain a NUL character");
        }
    }
}
