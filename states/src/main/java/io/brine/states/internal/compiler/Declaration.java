package io.brine.states.internal.compiler;

import java.util.List;

/**
 * One ID declaration as written in an sls file, before validation: its functions and their raw
 * arguments, each with the line it came from.
 */
record Declaration(String id, String sls, String file, int line, List<FunctionDecl> functions) {
    record FunctionDecl(String module, String function, int line, List<ArgEntry> args) {}

    /** One {@code - key: value} argument, as plain data. */
    record ArgEntry(String key, int line, Object value) {}
}
