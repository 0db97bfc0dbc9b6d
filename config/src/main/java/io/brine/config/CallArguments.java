package io.brine.config;

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

    /** The largest arguments file {@link #readFile} reads. */
    public static final long MAX_FILE_BYTES = 16L << 20;

    /**
     * The arguments in {@code file}, JSON {@code {"args": [...], "kwargs": {...}}} (either may be left out), for a
     * caller that must pass values exactly as they are typed rather than as words Salt's way reads: {@code brine ssh}
     * runs a function on a roster host so ({@code brine call --local --args-file FILE FUNCTION}).
     *
     * @throws IllegalArgumentException naming the file and what is wrong with it
     */
    @SuppressWarnings("unchecked")
    public static CallArguments readFile(java.nio.file.Path file) {
        Object doc;
        try {
            if (java.nio.file.Files.size(file) > MAX_FILE_BYTES) {
                throw new IllegalArgumentException("--args-file " + file + " is larger than " + MAX_FILE_BYTES
                        + " bytes");
            }
            doc = new com.fasterxml.jackson.databind.ObjectMapper().readValue(file.toFile(), Object.class);
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException("--args-file " + file + ": " + e.getMessage());
        }
        Map<String, Object> m = doc instanceof Map<?, ?> map ? (Map<String, Object>) map : Map.of("", "");
        Object args = m.getOrDefault("args", List.of());
        Object kwargs = m.getOrDefault("kwargs", Map.of());
        if (!(args instanceof List<?>) || !(kwargs instanceof Map<?, ?>)
                || !java.util.Set.of("args", "kwargs").containsAll(m.keySet())) {
            throw new IllegalArgumentException("--args-file " + file + " must hold {\"args\": [...], \"kwargs\": "
                    + "{...}} and nothing else");
        }
        return new CallArguments(new ArrayList<>((List<Object>) args), new LinkedHashMap<>((Map<String, Object>) kwargs));
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
