package io.brine.states.internal.jinja.python;

import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.interpret.UnknownTokenException;
import io.brine.states.internal.jinja.PyNone;
import java.util.Map;

/**
 * Jinja's words for an undefined value. Salt renders with StrictUndefined: using an undefined value (printing it,
 * testing it in {@code if}, reading an attribute of it, an operator on it) is an error, while passing it to
 * {@code default} or {@code is defined} is not. Jinjava has only null for both; this class names why a value is
 * missing the way Jinja does ({@code 'dict object' has no attribute 'port'}), from a note the last failed lookup
 * left on the interpreter.
 */
public final class Undefined {
    private static final int LONGEST_EXPRESSION = 60;

    private Undefined() {}

    /** Whether undefined values are errors in the render under way (Salt's {@code allow_undefined: False}). */
    static boolean strict() {
        JinjavaInterpreter current = JinjavaInterpreter.getCurrent();
        return current != null && current.getConfig().isFailOnUnknownTokens();
    }

    /** Remembers why the lookup of {@code property} in {@code base} gave nothing, for the error that may follow. */
    static void note(Object base, Object property) {
        if (JinjavaInterpreter.getCurrent() instanceof PythonInterpreter python) {
            python.noteUndefined(base instanceof java.util.List<?> && property instanceof Number
                    ? "'" + typeOf(base) + "' has no element " + property
                    : "'" + typeOf(base) + "' has no attribute '" + property + "'");
        }
    }

    /** Jinja's {@code object_type_repr}: {@code dict object}, {@code str object}, {@code None}. */
    public static String typeOf(Object value) {
        if (value == null || value == PyNone.NONE) {
            return "None";
        }
        return pythonType(value) + " object";
    }

    /** The Python type's name for a template value: {@code str}, {@code dict}, {@code list}, {@code int}... */
    public static String pythonType(Object value) {
        if (value == null || value == PyNone.NONE) {
            return "NoneType";
        }
        if (value instanceof CharSequence) {
            return "str";
        }
        if (value instanceof Boolean) {
            return "bool";
        }
        if (value instanceof Map<?, ?>) {
            return "dict";
        }
        if (value instanceof Iterable<?>) {
            return "list";
        }
        if (value instanceof Double || value instanceof Float || value instanceof java.math.BigDecimal) {
            return "float";
        }
        if (value instanceof Number) {
            return "int";
        }
        return "object";
    }

    /** A long expression cut to its start, so that a message stays one readable line. */
    public static String cut(String expression) {
        String oneLine = expression.strip().replaceAll("\\s+", " ");
        return oneLine.length() <= LONGEST_EXPRESSION ? oneLine : oneLine.substring(0, LONGEST_EXPRESSION - 3) + "...";
    }

    /**
     * The render error for an undefined value. It is Jinjava's own kind for one, so that Jinjava lets it through
     * every expression and tag to the render's result instead of logging it as a warning.
     */
    public static final class Error extends UnknownTokenException {
        private final String message;

        Error(String message) {
            super(message, lineNumber(), 0);
            this.message = place() + message;
        }

        /**
         * Where a macro imported from another file is when it meets the undefined value ({@code macros.jinja:21: }),
         * as Jinja's traceback names the macro's own file and line; nothing in the file being rendered.
         */
        private static String place() {
            JinjavaInterpreter current = JinjavaInterpreter.getCurrent();
            Object path = current == null ? null
                    : current.getContext().get(com.hubspot.jinjava.interpret.Context.IMPORT_RESOURCE_PATH_KEY);
            return path instanceof String file && !file.isEmpty()
                    ? file + (current.getLineNumber() > 0 ? ":" + current.getLineNumber() : "") + ": " : "";
        }

        @Override
        public String getMessage() {
            return message;
        }

        private static int lineNumber() {
            JinjavaInterpreter current = JinjavaInterpreter.getCurrent();
            return current == null ? 0 : current.getLineNumber();
        }
    }
}
