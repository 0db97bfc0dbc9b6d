package io.brine.states.internal.jinja.python;

import com.hubspot.jinjava.el.ext.NamedParameter;
import com.hubspot.jinjava.objects.collections.PyList;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.StringJoiner;
import java.util.regex.Pattern;

/**
 * The methods of Python's {@code str} that Salt formulas call ({@code name.startswith('web')},
 * {@code ','.join(items)}, {@code '{}-{}'.format(a, b)}), with Python's meaning rather than Java's: Java's
 * {@code split} takes a regular expression and its {@code format} a locale.
 */
final class StrMethods {
    private StrMethods() {}

    /** The result, or empty when {@code name} is not a str method Brine knows. */
    static Optional<Object> call(String s, String name, Object[] args) {
        return Optional.ofNullable(switch (name) {
            case "startswith" -> anyOf(args[0]).stream().anyMatch(s::startsWith);
            case "endswith" -> anyOf(args[0]).stream().anyMatch(s::endsWith);
            case "upper" -> s.toUpperCase(Locale.ROOT);
            case "lower" -> s.toLowerCase(Locale.ROOT);
            case "title" -> title(s);
            case "capitalize" -> s.isEmpty() ? s : s.substring(0, 1).toUpperCase(Locale.ROOT)
                    + s.substring(1).toLowerCase(Locale.ROOT);
            case "strip" -> strip(s, arg(args, 0), true, true);
            case "lstrip" -> strip(s, arg(args, 0), true, false);
            case "rstrip" -> strip(s, arg(args, 0), false, true);
            case "split" -> split(s, arg(args, 0), maxsplit(args), false);
            case "rsplit" -> split(s, arg(args, 0), maxsplit(args), true);
            case "splitlines" -> new PyList(new ArrayList<>(s.lines().toList()));
            case "join" -> join(s, args[0]);
            case "replace" -> replace(s, str(args[0]), str(args[1]), args.length > 2 ? number(args[2]) : -1);
            case "format" -> PythonFormat.format(s, args);
            case "find" -> s.indexOf(str(args[0]));
            case "rfind" -> s.lastIndexOf(str(args[0]));
            case "partition" -> partition(s, str(args[0]), false);
            case "rpartition" -> partition(s, str(args[0]), true);
            case "isalpha" -> !s.isEmpty() && s.chars().allMatch(Character::isLetter);
            case "isalnum" -> !s.isEmpty() && s.chars().allMatch(Character::isLetterOrDigit);
            case "isspace" -> !s.isEmpty() && s.chars().allMatch(Character::isWhitespace);
            case "islower" -> s.chars().anyMatch(Character::isLetter) && s.equals(s.toLowerCase(Locale.ROOT));
            case "isupper" -> s.chars().anyMatch(Character::isLetter) && s.equals(s.toUpperCase(Locale.ROOT));
            case "count" -> count(s, str(args[0]));
            case "isdigit" -> !s.isEmpty() && s.chars().allMatch(Character::isDigit);
            case "zfill" -> zfill(s, number(args[0]));
            default -> null;
        });
    }

    private static String arg(Object[] args, int i) {
        return args.length > i && args[i] != null && !(args[i] instanceof io.brine.states.internal.jinja.PyNone)
                ? str(args[i]) : null;
    }

    private static int maxsplit(Object[] args) {
        return args.length > 1 ? number(args[1]) : -1;
    }

    private static String str(Object o) {
        return o instanceof NamedParameter p ? str(p.getValue()) : PythonText.str(o);
    }

    private static int number(Object o) {
        return ((Number) o).intValue();
    }

    private static List<String> anyOf(Object prefixes) {
        List<String> out = new ArrayList<>();
        if (prefixes instanceof Iterable<?> items) {
            items.forEach(item -> out.add(str(item)));
        } else {
            out.add(str(prefixes));
        }
        return out;
    }

    private static String title(String s) {
        StringBuilder out = new StringBuilder();
        boolean start = true;
        for (char c : s.toCharArray()) {
            out.append(start ? Character.toUpperCase(c) : Character.toLowerCase(c));
            start = !Character.isLetter(c);
        }
        return out.toString();
    }

    private static String strip(String s, String chars, boolean left, boolean right) {
        int begin = 0;
        int end = s.length();
        while (left && begin < end && strips(s.charAt(begin), chars)) {
            begin++;
        }
        while (right && end > begin && strips(s.charAt(end - 1), chars)) {
            end--;
        }
        return s.substring(begin, end);
    }

    private static boolean strips(char c, String chars) {
        return chars == null ? Character.isWhitespace(c) : chars.indexOf(c) >= 0;
    }

    /** Python's split: a literal separator, or runs of whitespace when none is given; at most maxsplit cuts. */
    private static PyList split(String s, String sep, int maxsplit, boolean fromRight) {
        List<String> parts = new ArrayList<>();
        String rest = sep == null ? s.strip() : s;
        Pattern cut = Pattern.compile(sep == null ? "\\s+" : Pattern.quote(sep));
        if (sep == null && rest.isEmpty()) {
            return new PyList(new ArrayList<>());
        }
        List<String> all = new ArrayList<>(List.of(cut.split(rest, -1)));
        if (maxsplit < 0 || all.size() <= maxsplit + 1) {
            parts.addAll(all);
        } else if (!fromRight) {
            parts.addAll(List.of(cut.split(rest, maxsplit + 1)));
        } else {
            Collections.reverse(all);
            String joiner = sep == null ? " " : sep;
            List<String> tail = new ArrayList<>(all.subList(0, maxsplit));
            Collections.reverse(tail);
            List<String> head = new ArrayList<>(all.subList(maxsplit, all.size()));
            Collections.reverse(head);
            parts.add(String.join(joiner, head));
            parts.addAll(tail);
        }
        return new PyList(new ArrayList<>(parts));
    }

    private static String join(String sep, Object items) {
        StringJoiner out = new StringJoiner(sep);
        if (items instanceof Iterable<?> list) {
            list.forEach(item -> out.add(str(item)));
        } else {
            str(items).chars().forEach(c -> out.add(String.valueOf((char) c)));
        }
        return out.toString();
    }

    private static String replace(String s, String old, String replacement, int count) {
        if (count < 0) {
            return s.replace(old, replacement);
        }
        String out = s;
        int from = 0;
        for (int i = 0; i < count; i++) {
            int at = out.indexOf(old, from);
            if (at < 0) {
                break;
            }
            out = out.substring(0, at) + replacement + out.substring(at + old.length());
            from = at + replacement.length();
        }
        return out;
    }

    private static int count(String s, String part) {
        if (part.isEmpty()) {
            return s.length() + 1;
        }
        int n = 0;
        for (int at = s.indexOf(part); at >= 0; at = s.indexOf(part, at + part.length())) {
            n++;
        }
        return n;
    }

    /**
     * Python's partition (first separator) and rpartition (last): before, separator, after. Without the separator
     * the whole string comes first for partition and last for rpartition, as in Python.
     */
    private static PyList partition(String s, String sep, boolean last) {
        if (sep.isEmpty()) {
            throw new IllegalArgumentException("empty separator");
        }
        int at = last ? s.lastIndexOf(sep) : s.indexOf(sep);
        List<Object> parts = at >= 0 ? new ArrayList<>(List.of(s.substring(0, at), sep, s.substring(at + sep.length())))
                : last ? new ArrayList<>(List.of("", "", s)) : new ArrayList<>(List.of(s, "", ""));
        return new PyList(parts);
    }

    private static String zfill(String s, int width) {
        return s.length() >= width ? s : "0".repeat(width - s.length()) + s;
    }
}
