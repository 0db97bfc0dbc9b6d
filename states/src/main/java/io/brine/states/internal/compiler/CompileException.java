package io.brine.states.internal.compiler;

import java.util.List;

/** One or more problems found before anything ran; each message names its file and line. */
public final class CompileException extends Exception {
    private final List<String> errors;

    CompileException(String file, int line, String message) {
        this(List.of(where(file, line) + message));
    }

    CompileException(List<String> errors) {
        super(String.join("; ", errors));
        this.errors = List.copyOf(errors);
    }

    static String where(String file, int line) {
        return file + (line > 0 ? ":" + line : "") + ": ";
    }

    public List<String> errors() {
        return errors;
    }
}
