package io.brine.states.internal.jinja.python;

import com.hubspot.jinjava.el.ext.NamedParameter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Python's {@code str.format}: {@code {}} takes the next positional argument, {@code {0}} one by position and
 * {@code {name}} a keyword argument; {@code {{}} and {@code }}} are literal braces. A format spec after a colon
 * supports what formulas use: a width with {@code <}, {@code >} or {@code ^} alignment and {@code d}/{@code s}.
 */
final class PythonFormat {
    private PythonFormat() {}

    static String format(String template, Object[] args) {
        List<Object> positional = new ArrayList<>();
        Map<String, Object> named = new HashMap<>();
        for (Object arg : args) {
            if (arg instanceof NamedParameter p) {
                named.put(p.getName(), p.getValue());
            } else {
                positional.add(arg);
            }
        }
        StringBuilder out = new StringBuilder();
        int next = 0;
        for (int i = 0; i < template.length(); i++) {
            char c = template.charAt(i);
            if ((c == '{' || c == '}') && i + 1 < template.length() && template.charAt(i + 1) == c) {
                out.append(c);
                i++;
            } else if (c == '{') {
                int end = template.indexOf('}', i);
                if (end < 0) {
                    throw new IllegalArgumentException("Single '{' encountered in format string");
                }
                String field = template.substring(i + 1, end);
                String spec = "";
                int colon = field.indexOf(':');
                if (colon >= 0) {
                    spec = field.substring(colon + 1);
                    field = field.substring(0, colon);
                }
                Object value;
                if (field.isEmpty()) {
                    value = at(positional, next++);
                } else if (field.chars().allMatch(Character::isDigit)) {
                    value = at(positional, Integer.parseInt(field));
                } else if (named.containsKey(field)) {
                    value = named.get(field);
                } else {
                    throw new IllegalArgumentException("format: no argument named '" + field + "'");
                }
                out.append(aligned(PythonText.str(value), spec, value instanceof Number));
                i = end;
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    private static Object at(List<Object> positional, int index) {
        if (index >= positional.size()) {
            throw new IllegalArgumentException("format: replacement index " + index + " out of range");
        }
        return positional.get(index);
    }

    private static String aligned(String text, String spec, boolean number) {
        String s = spec.replaceAll("[sd]$", "");
        if (s.isEmpty()) {
            return text;
        }
        char align = number ? '>' : '<';
        if (s.charAt(0) == '<' || s.charAt(0) == '>' || s.charAt(0) == '^') {
            align = s.charAt(0);
            s = s.substring(1);
        }
        if (!s.chars().allMatch(Character::isDigit) || s.isEmpty()) {
            throw new IllegalArgumentException("format: unsupported format spec '" + spec + "'");
        }
        int pad = Math.max(0, Integer.parseInt(s) - text.length());
        return switch (align) {
            case '<' -> text + " ".repeat(pad);
            case '>' -> " ".repeat(pad) + text;
            default -> " ".repeat(pad / 2) + text + " ".repeat(pad - pad / 2);
        };
    }
}
