package io.brine.protocol;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The types a function's declared input can take, and how a value from the wire (or a command line's text)
 * is converted to one. Shared by the minion, which binds arguments with it, and the master, which checks a
 * job's arguments against the declarations minions report before it publishes anything.
 */
public enum ValueType {
    STRING, INTEGER, NUMBER, BOOLEAN, LIST, MAP, ANY;

    /**
     * {@code v} as this type: text is parsed for numbers and booleans ({@code yes}, {@code on}, {@code 1}...).
     *
     * @throws IllegalArgumentException if it cannot be, with a message such as "must be an integer"
     */
    public Object convert(Object v) {
        if (v == null) {
            return null;
        }
        try {
            Object out = switch (this) {
                case ANY -> v;
                case STRING -> v instanceof String || v instanceof Number || v instanceof Boolean ? v.toString() : null;
                case INTEGER -> v instanceof Number n && !(v instanceof Double) ? (Object) n.longValue()
                        : v instanceof String s ? (Object) Long.parseLong(s.trim()) : null;
                case NUMBER -> v instanceof Number n ? (Object) n.doubleValue()
                        : v instanceof String s ? (Object) Double.parseDouble(s.trim()) : null;
                case BOOLEAN -> v instanceof Boolean ? v : v instanceof String s ? parseBoolean(s) : null;
                case LIST -> v instanceof List ? v : null;
                case MAP -> v instanceof Map ? v : null;
            };
            if (out != null) {
                return out;
            }
        } catch (NumberFormatException e) {
            // described below
        }
        throw new IllegalArgumentException("must be " + describe());
    }

    /** "an integer", "a string", ... */
    public String describe() {
        String n = name().toLowerCase(Locale.ROOT);
        return (n.startsWith("a") || n.startsWith("i") ? "an " : "a ") + n;
    }

    private static Boolean parseBoolean(String s) {
        return switch (s.trim().toLowerCase(Locale.ROOT)) {
            case "true", "yes", "1", "on" -> Boolean.TRUE;
            case "false", "no", "0", "off" -> Boolean.FALSE;
            default -> null;
        };
    }
}
