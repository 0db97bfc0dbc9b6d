package io.brine.modules.mysql;

import java.util.List;
import java.util.Map;

/**
 * Python's {@code str()} of a query's result, which Salt's {@code mysql_query} states put in their comment
 * verbatim: {@code {'query time': {'human': '1.2ms', 'raw': '0.00123'}, 'rows affected': 1}}. A {@link Tuple}
 * prints as a tuple, {@code ('a',)}.
 */
final class PythonRepr {
    /** A list that Python would hold as a tuple (the columns of a result). */
    record Tuple(List<?> items) {
    }

    private PythonRepr() {
    }

    static String of(Object value) {
        StringBuilder out = new StringBuilder();
        append(out, value);
        return out.toString();
    }

    private static void append(StringBuilder out, Object value) {
        if (value == null) {
            out.append("None");
        } else if (value instanceof Boolean b) {
            out.append(b ? "True" : "False");
        } else if (value instanceof String s) {
            string(out, s);
        } else if (value instanceof Map<?, ?> map) {
            out.append('{');
            String sep = "";
            for (Map.Entry<?, ?> e : map.entrySet()) {
                out.append(sep);
                append(out, e.getKey());
                out.append(": ");
                append(out, e.getValue());
                sep = ", ";
            }
            out.append('}');
        } else if (value instanceof Tuple t) {
            sequence(out, t.items(), "(", t.items().size() == 1 ? ",)" : ")");
        } else if (value instanceof List<?> list) {
            sequence(out, list, "[", "]");
        } else {
            out.append(value);
        }
    }

    private static void sequence(StringBuilder out, List<?> items, String open, String close) {
        out.append(open);
        for (int i = 0; i < items.size(); i++) {
            out.append(i == 0 ? "" : ", ");
            append(out, items.get(i));
        }
        out.append(close);
    }

    /** Python's repr of a str: single quotes unless it holds one and no double quote. */
    private static void string(StringBuilder out, String s) {
        char quote = s.indexOf('\'') >= 0 && s.indexOf('"') < 0 ? '"' : '\'';
        out.append(quote);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c == quote) {
                        out.append('\\').append(c);
                    } else if (c < 0x20 || c == 0x7f) {
                        out.append(String.format("\\x%02x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append(quote);
    }
}
