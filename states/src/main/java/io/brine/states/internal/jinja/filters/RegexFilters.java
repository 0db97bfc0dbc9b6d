package io.brine.states.internal.jinja.filters;

import io.brine.states.internal.jinja.PyNone;
import io.brine.states.internal.jinja.python.PythonText;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Salt's regex_search, regex_match and regex_replace, with Python's syntax for named groups
 * ({@code (?P<name>...)}) and back-references in replacements ({@code \1}, {@code \g<name>}).
 * Search and match return the groups, or None when nothing matched, as Salt does.
 */
final class RegexFilters {
    private RegexFilters() {}

    static List<NamedFilter> all() {
        return List.of(
                new NamedFilter("regex_search", (v, a) -> groups(v, a, false)),
                new NamedFilter("regex_match", (v, a) -> groups(v, a, true)),
                new NamedFilter("regex_replace", (v, a) -> compiled(a).matcher(PythonText.str(v))
                        .replaceAll(javaReplacement(a.text(1, "replace", "")))));
    }

    private static Object groups(Object value, Args args, boolean fromStart) {
        Matcher m = compiled(args).matcher(PythonText.str(value));
        if (!(fromStart ? m.lookingAt() : m.find())) {
            return PyNone.NONE;
        }
        List<Object> out = new ArrayList<>();
        for (int i = 1; i <= m.groupCount(); i++) {
            out.add(m.group(i) == null ? PyNone.NONE : m.group(i));
        }
        return out;
    }

    static Pattern compiled(Args args) {
        int flags = (args.flag(-1, "ignorecase", false) ? Pattern.CASE_INSENSITIVE : 0)
                | (args.flag(-1, "multiline", false) ? Pattern.MULTILINE : 0);
        return Pattern.compile(args.text(0, "pattern", "").replace("(?P<", "(?<"), flags);
    }

    /** Python's \1 and \g<name> become Java's $1 and ${name}; a literal $ stays literal. */
    private static String javaReplacement(String python) {
        String escaped = python.replace("$", "\\$");
        return escaped.replaceAll("\\\\g<(\\w+)>", "\\${$1}").replaceAll("\\\\(\\d+)", "\\$$1");
    }
}
