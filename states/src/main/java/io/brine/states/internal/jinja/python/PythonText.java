package io.brine.states.internal.jinja.python;

import com.hubspot.jinjava.objects.collections.PyList;
import io.brine.states.internal.jinja.PyNone;
import java.util.Map;
import java.util.StringJoiner;

/**
 * Python's {@code str()} and {@code repr()} of template values. Salt formulas are written against Jinja, which
 * prints {@code True}, {@code None} and {@code ['a', 'b']}; YAML then reads those back, so printing Java's
 * {@code true} or {@code [a, b]} would change what a state receives (a list of one string "a, b" instead of two).
 */
public final class PythonText {
    // Jinjava builds a tuple literal as a PyList over an unmodifiable list, a list literal over an ArrayList.
    private static final Class<?> TUPLE = java.util.Collections.unmodifiableList(new java.util.ArrayList<>()).getClass();

    private PythonText() {}

    /** Whether a value is a tuple literal's (Jinja prints {@code (1, 'a')} and {@code (1,)}). */
    static boolean isTuple(Object value) {
        return value instanceof PyList list && TUPLE.isInstance(list.toList());
    }

    /** What {@code {{ value }}} prints. */
    public static String str(Object value) {
        if (value == null) {
            return "";
        }
        if (value instanceof CharSequence text) {
            return text.toString();
        }
        return repr(value);
    }

    /** How a value is printed inside a list or dict. */
    public static String repr(Object value) {
        if (value == null || value == PyNone.NONE) {
            return "None";
        }
        if (value instanceof Boolean b) {
            return b ? "True" : "False";
        }
        if (value instanceof CharSequence text) {
            return quoted(text.toString());
        }
        if (value instanceof Map<?, ?> map) {
            StringJoiner out = new StringJoiner(", ", "{", "}");
            map.forEach((k, v) -> out.add(repr(k) + ": " + repr(v)));
            return out.toString();
        }
        if (value instanceof Map.Entry<?, ?> entry) {
            return "(" + repr(entry.getKey()) + ", " + repr(entry.getValue()) + ")";
        }
        if (value instanceof PyList list && isTuple(list)) {
            StringJoiner out = new StringJoiner(", ", "(", list.size() == 1 ? ",)" : ")");
            list.forEach(item -> out.add(repr(item)));
            return out.toString();
        }
        if (value instanceof Iterable<?> items) {
            StringJoiner out = new StringJoiner(", ", "[", "]");
            items.forEach(item -> out.add(repr(item)));
            return out.toString();
        }
        if (value instanceof Double || value instanceof Float) {
            return floatText(((Number) value).doubleValue());
        }
        return value.toString();
    }

    private static String floatText(double d) {
        if (Double.isNaN(d)) {
            return "nan";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "inf" : "-inf";
        }
        String java = Double.toString(d);
        int e = java.indexOf('E');
        if (e < 0) {
            return java;
        }
        // Java's 1.0E20 is Python's 1e+20
        String mantissa = java.substring(0, e).replaceAll("\\.0$", "");
        String exponent = java.substring(e + 1);
        return mantissa + "e" + (exponent.startsWith("-") ? "-" : "+") + String.format("%02d",
                Math.abs(Integer.parseInt(exponent)));
    }

    /** Python's choice of quotes: single unless the text holds a single quote and no double one. */
    static String quoted(String s) {
        char quote = s.indexOf('\'') >= 0 && s.indexOf('"') < 0 ? '"' : '\'';
        StringBuilder out = new StringBuilder().append(quote);
        for (char c : s.toCharArray()) {
            switch (c) {
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c == quote) {
                        out.append('\\');
                    }
                    out.append(c);
                }
            }
        }
        return out.append(quote).toString();
    }
}
