package io.brine.targeting;

import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Shell-style globs as Salt matches them (Python's fnmatch): {@code *}, {@code ?}, {@code [abc]},
 * {@code [a-z]}, {@code [!abc]}; a {@code [} without its {@code ]} is literal. Added: a backslash makes the
 * next character literal. A glob without wildcards becomes a plain string comparison, the common case
 * ({@code L@}-like ids, {@code G@os:Debian}) and much cheaper than a regex.
 */
final class Glob {
    private Glob() {
    }

    /** @throws java.util.regex.PatternSyntaxException for a class the regex engine rejects, e.g. {@code [z-a]} */
    static Predicate<String> compile(String glob, boolean ignoreCase) {
        if (!hasWildcard(glob)) {
            String literal = Escapes.unescape(glob);
            return ignoreCase ? literal::equalsIgnoreCase : literal::equals;
        }
        int flags = Pattern.DOTALL | (ignoreCase ? Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE : 0);
        return BoundedRegex.of(Pattern.compile(toRegex(glob), flags));
    }

    private static boolean hasWildcard(String glob) {
        for (int i = 0; i < glob.length(); i++) {
            char c = glob.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '*' || c == '?' || c == '[') {
                return true;
            }
        }
        return false;
    }

    static String toRegex(String glob) {
        StringBuilder re = new StringBuilder();
        for (int i = 0; i < glob.length(); i++) {
            char c = glob.charAt(i);
            int close;
            if (c == '\\' && i + 1 < glob.length()) {
                literal(re, glob.charAt(++i));
            } else if (c == '*') {
                re.append(".*");
            } else if (c == '?') {
                re.append('.');
            } else if (c == '[' && (close = classEnd(glob, i)) > 0) {
                appendClass(re, glob, i + 1, close);
                i = close;
            } else {
                literal(re, c);
            }
        }
        return re.toString();
    }

    /** Index of the ']' closing the class opened at {@code open}, or -1; a ']' first in the class is a member. */
    private static int classEnd(String glob, int open) {
        int j = open + 1;
        if (j < glob.length() && glob.charAt(j) == '!') {
            j++;
        }
        if (j < glob.length() && glob.charAt(j) == ']') {
            j++;
        }
        for (; j < glob.length(); j++) {
            char c = glob.charAt(j);
            if (c == '\\') {
                j++;
            } else if (c == ']') {
                return j;
            }
        }
        return -1;
    }

    private static void appendClass(StringBuilder re, String glob, int from, int close) {
        re.append('[');
        int i = from;
        if (glob.charAt(i) == '!') {
            re.append('^');
            i++;
        }
        int first = i;
        for (; i < close; i++) {
            char c = glob.charAt(i);
            if (c == '\\') {
                literal(re, glob.charAt(++i));
            } else if (c == '-' && i > first && i + 1 < close) {
                re.append('-');
            } else {
                literal(re, c);
            }
        }
        re.append(']');
    }

    /** Appends c so the regex engine reads it literally, in or out of a class: '&', '[', '^' included. */
    private static void literal(StringBuilder re, char c) {
        if (c < 128 && !Character.isLetterOrDigit(c)) {
            re.append('\\');
        }
        re.append(c);
    }
}
