package io.brine.output;

import java.util.List;
import java.util.Map;

/**
 * Renders a return the way Salt's "nested" outputter does, so Salt users read it at a glance: maps as
 * "key:" with the value indented below after a "----------" rule, lists as "- item", booleans as
 * True/False.
 */
public final class NestedText {
    private static final String INDENT = "    ";

    private NestedText() {
    }

    /** {@code value} indented {@code depth} levels deep. */
    public static String render(Object value, int depth) {
        StringBuilder out = new StringBuilder();
        append(out, value, depth);
        return out.toString();
    }

    private static void append(StringBuilder out, Object value, int depth) {
        String pad = INDENT.repeat(depth);
        if (value instanceof Map<?, ?> map) {
            out.append(pad).append("----------\n");
            for (Map.Entry<?, ?> e : map.entrySet()) {
                out.append(pad).append(e.getKey()).append(":\n");
                append(out, e.getValue(), depth + 1);
            }
        } else if (value instanceof List<?> list) {
            for (Object item : list) {
                if (item instanceof Map || item instanceof List) {
                    out.append(pad).append("-\n");
                    append(out, item, depth + 1);
                } else {
                    out.append(pad).append("- ").append(scalar(item)).append('\n');
                }
            }
        } else {
            for (String line : scalar(value).split("\n", -1)) {
                out.append(pad).append(line).append('\n');
            }
        }
    }

    private static String scalar(Object v) {
        if (v == null) {
            return "None";
        }
        if (v instanceof Boolean b) {
            return b ? "True" : "False";
        }
        if (v instanceof byte[] bytes) {
            return "<" + bytes.length + " bytes>";
        }
        return v.toString();
    }
}
