package io.brine.minion;

import io.brine.config.YamlValues;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Splits command-line words into positional and keyword arguments the way Salt does: {@code key=value} is a
 * keyword argument, anything else positional. Values that read as YAML numbers, booleans, null, lists or
 * maps ({@code 5}, {@code true}, {@code [a, b]}) become those; everything else stays a string, so a
 * command such as {@code 'echo a: b'} is never turned into a map. Both {@code brine} commands (the full CLI's and
 * the minion package's) read words this way.
 *
 * <pre>{@code
 * CallArguments a = CallArguments.parse(List.of("echo hi", "timeout=5"));   // args [echo hi], kwargs {timeout: 5}
 * }</pre>
 */
public record CallArguments(List<Object> args, Map<String, Object> kwargs) {
    private static final Pattern KEYWORD = Pattern.compile("([A-Za-z_][A-Za-z0-9_]*)=(.*)", Pattern.DOTALL);

    /** The words of a command line after the function name; a keyword given twice is an error. */
    public static CallArguments parse(List<String> words) {
        List<Object> args = new ArrayList<>();
        Map<String, Object> kwargs = new LinkedHashMap<>();
        for (String w : words) {
            var m = KEYWORD.matcher(w);
            if (m.matches()) {
                if (kwargs.put(m.group(1), value(m.group(2))) != null) {
                    throw new IllegalArgumentException("keyword argument '" + m.group(1) + "' given twice");
                }
            } else {
                args.add(value(w));
            }
        }
        return new CallArguments(args, kwargs);
    }

    /** One word as Salt reads it: a YAML number, boolean, null, list or map, else the string itself. */
    public static Object value(String word) {
        String t = word.trim();
        boolean structured = t.startsWith("[") || t.startsWith("{");
        try {
            Object parsed = YamlValues.parse(word);
            if (parsed == null) {
                return word.isEmpty() ? "" : null;
            }
            if (parsed instanceof Number || parsed instanceof Boolean || structured) {
                return parsed;
            }
        } catch (Exception e) {
            // not YAML: it is a plain string
        }
        return word;
    }
}
