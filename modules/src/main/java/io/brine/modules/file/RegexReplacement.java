package io.brine.modules.file;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Salt's {@code file.replace} semantics, shared by the state and the execution function: a Python-style
 * pattern and flags, a Python-style replacement ({@code \1}, {@code \g<name>}), and a count (0: every match).
 *
 * <pre>{@code
 * RegexReplacement r = RegexReplacement.of("^port\\s+\\d+", List.of("MULTILINE"), "port 2222", 0);
 * String after = r.apply(before);
 * }</pre>
 */
record RegexReplacement(Pattern pattern, String javaReplacement, long count) {
    /** The flags {@link #of} understands, in any case: Python's long names and their one-letter forms. */
    public static final List<String> FLAG_NAMES = List.of("IGNORECASE", "I", "MULTILINE", "M", "DOTALL", "S");

    /**
     * @throws IllegalArgumentException for a pattern that does not compile or an unknown flag, naming it
     */
    public static RegexReplacement of(String pattern, List<String> flags, String pythonRepl, long count) {
        return new RegexReplacement(Pattern.compile(pattern, flags(flags)), javaRepl(pythonRepl), count);
    }

    /** The text with up to {@code count} matches replaced. */
    public String apply(String text) {
        Matcher m = pattern.matcher(text);
        StringBuilder out = new StringBuilder();
        long done = 0;
        while ((count == 0 || done < count) && m.find()) {
            m.appendReplacement(out, javaReplacement);
            done++;
        }
        m.appendTail(out);
        return out.toString();
    }

    /**
     * {@link #apply}, and when nothing matched and {@code addition} is not already there, {@code addition} added
     * at the end or the start as asked ({@code append_if_not_found}, {@code prepend_if_not_found}).
     */
    public String edit(String text, boolean appendIfNotFound, boolean prependIfNotFound, String addition) {
        if (matches(text) || text.contains(addition)) {
            return apply(text);
        }
        if (appendIfNotFound) {
            return text + (text.isEmpty() || text.endsWith("\n") ? "" : "\n") + addition + "\n";
        }
        return prependIfNotFound ? addition + "\n" + text : text;
    }

    public boolean matches(String text) {
        return pattern.matcher(text).find();
    }

    /** A Python replacement string as Java's Matcher takes it: {@code $} literal, groups as {@code $1}/{@code ${n}}. */
    static String javaRepl(String repl) {
        String escaped = repl.replace("$", "\\$");
        return escaped.replaceAll("\\\\g<(\\w+)>", "\\${$1}").replaceAll("\\\\(\\d)", "\\$$1");
    }

    private static int flags(List<String> names) {
        int flags = 0;
        for (String name : names) {
            flags |= switch (name.toUpperCase(Locale.ROOT)) {
                case "IGNORECASE", "I" -> Pattern.CASE_INSENSITIVE;
                case "MULTILINE", "M" -> Pattern.MULTILINE;
                case "DOTALL", "S" -> Pattern.DOTALL;
                default -> throw new IllegalArgumentException("unknown flag " + name);
            };
        }
        return flags;
    }
}
