package io.brine.minion.function;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Converts a wire value to a parameter's declared type, or explains why it cannot. */
final class Conversions {
    private Conversions() {
    }

    static Object convert(String function, Param p, Object v) throws FunctionException {
        if (v == null) {
            return null;
        }
        try {
            return switch (p.type()) {
                case ANY -> v;
                case STRING -> v instanceof String || v instanceof Number || v instanceof Boolean ? v.toString() : fail();
                case INTEGER -> v instanceof Number n && !(v instanceof Double) ? (Object) n.longValue()
                        : v instanceof String s ? (Object) Long.parseLong(s.trim()) : fail();
                case NUMBER -> v instanceof Number n ? (Object) n.doubleValue()
                        : v instanceof String s ? (Object) Double.parseDouble(s.trim()) : fail();
                case BOOLEAN -> v instanceof Boolean ? v : v instanceof String s ? parseBoolean(s) : fail();
                case LIST -> v instanceof List ? v : fail();
                case MAP -> v instanceof Map ? v : fail();
            };
        } catch (NumberFormatException | ClassCastException e) {
            throw new FunctionException(function + ": argument '" + p.name() + "' must be " + article(p.type())
                    + ", got '" + v + "'");
        }
    }

    private static Object parseBoolean(String s) {
        return switch (s.trim().toLowerCase(Locale.ROOT)) {
            case "true", "yes", "1", "on" -> Boolean.TRUE;
            case "false", "no", "0", "off" -> Boolean.FALSE;
            default -> fail();
        };
    }

    private static Object fail() {
        throw new ClassCastException();
    }

    private static String article(Param.Type t) {
        String n = t.name().toLowerCase(Locale.ROOT);
        return (n.startsWith("a") || n.startsWith("i") ? "an " : "a ") + n;
    }
}
