package io.brine.master.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the audit log writes of a job's arguments: secrets replaced by {@code <redacted>}, found by name (a keyword
 * argument {@code password}, {@code db_token}...) and by shape wherever they sit in positional arguments and command
 * lines: {@code --password VALUE} and {@code --password=VALUE} (also as two list words), {@code -pSECRET} (MySQL's
 * way), {@code pwd=VALUE} inside a longer string, and {@code user:SECRET@} in URLs. It errs towards redacting: an
 * audit line that hides a harmless word costs nothing, one that shows a password costs everything.
 *
 * <p>Arguments come from callers, so the work is linear in their length: every search starts from a keyword or a
 * {@code ://} and scans forward without backtracking. (Patterns with an unbounded name before the keyword, such as
 * {@code [\w.-]*password}, backtrack over every run of word characters; a 50 kB argument held a master's worker past
 * the 20 s its caller waited.)
 *
 * <pre>{@code
 * Redaction.redact(List.of("mysql -uroot -phunter2 db"));   // ["mysql -uroot -p<redacted> db"]
 * }</pre>
 */
final class Redaction {
    static final String REDACTED = "<redacted>";
    /**
     * Salt's own list of sensitive keywords, and a few more, as they begin: "pass" also finds password, passwd and
     * passphrase, since a name is read on to its end anyway.
     */
    private static final Pattern KEYWORD = Pattern.compile(
            "(?i)pass|pwd|secret|token|api[_-]?key|private[_-]?key|credential|auth");
    /** A word that is a flag and nothing else; with a keyword in it, the list word after it is its value. */
    private static final Pattern FLAG_WORD = Pattern.compile("--?[\\w-]*+");
    /** MySQL's {@code -pSECRET}: a password joined to its flag (not a flag such as {@code -password} itself). */
    private static final Pattern JOINED_P = Pattern.compile("(?i)(?<=^|\\s)-p(?!ass|wd\\b)(?=\\S)(\\S++)");
    /** {@code scheme://user:SECRET@host}: from each {@code ://}, user and password read possessively. */
    private static final Pattern URL_PASSWORD = Pattern.compile("(?<=[\\w+.-])(://[^\\s/:@]*+:)([^\\s@/]++)(@)");

    private Redaction() {
    }

    /** A copy of {@code value} with its secrets redacted: maps by key name, lists and strings by shape. */
    static Object redact(Object value) {
        if (value instanceof Map<?, ?> m) {
            Map<String, Object> out = new LinkedHashMap<>();
            m.forEach((k, v) -> out.put(String.valueOf(k), KEYWORD.matcher(String.valueOf(k)).find()
                    ? REDACTED : redact(v)));
            return out;
        }
        if (value instanceof List<?> l) {
            List<Object> out = new ArrayList<>(l.size());
            boolean nextIsSecret = false;
            for (Object v : l) {
                out.add(nextIsSecret ? REDACTED : redact(v));
                nextIsSecret = v instanceof String s && FLAG_WORD.matcher(s).matches() && KEYWORD.matcher(s).find();
            }
            return out;
        }
        if (value instanceof String s) {
            return redactText(s);
        }
        return value;
    }

    private static String redactText(String s) {
        String out = NamedValues.redact(s);
        out = replace(JOINED_P, out, m -> "-p" + REDACTED);
        return replace(URL_PASSWORD, out, m -> m.group(1) + REDACTED + m.group(3));
    }

    private static String replace(Pattern p, String s, java.util.function.Function<Matcher, String> with) {
        Matcher m = p.matcher(s);
        if (!m.find()) {
            return s;
        }
        StringBuilder b = new StringBuilder();
        do {
            m.appendReplacement(b, Matcher.quoteReplacement(with.apply(m)));
        } while (m.find());
        m.appendTail(b);
        return b.toString();
    }

    /**
     * Values given to a name holding a keyword: {@code NAME=VALUE} anywhere ({@code pwd=s3}, {@code DB_PASSWORD=s3;}),
     * and {@code --NAME VALUE} for a flag that starts a word. A name is the run of {@code [\w.-]} around its keyword;
     * a value is a quoted string or runs to the next space (also to {@code ; & |} after a name that is no flag).
     */
    private static final class NamedValues {
        private final String s;
        private final StringBuilder out = new StringBuilder();
        private int copied;

        private NamedValues(String s) {
            this.s = s;
        }

        static String redact(String s) {
            return new NamedValues(s).run();
        }

        private String run() {
            Matcher keyword = KEYWORD.matcher(s);
            int from = 0;
            while (from < s.length() && keyword.find(from)) {
                int start = keyword.start();
                while (start > from && nameChar(s.charAt(start - 1))) {
                    start--;
                }
                int end = keyword.end();
                while (end < s.length() && nameChar(s.charAt(end))) {
                    end++;
                }
                from = valueOf(start, end);
            }
            return copied == 0 ? s : out.append(s, copied, s.length()).toString();
        }

        /** Redacts the value of the name at [start, end) if it has one; where the next search begins. */
        private int valueOf(int start, int end) {
            boolean flag = s.charAt(start) == '-' && (start == 0 || Character.isWhitespace(s.charAt(start - 1)));
            if (end < s.length() && s.charAt(end) == '=') {
                boolean flagValue = flag && end + 1 < s.length() && s.charAt(end + 1) != '-';
                return redactValue(end + 1, flagValue);
            }
            if (!flag) {
                return end;
            }
            int value = end;
            while (value < s.length() && Character.isWhitespace(s.charAt(value))) {
                value++;
            }
            if (value == end || value == s.length() || s.charAt(value) == '-') {
                return end;
            }
            return redactValue(value, true);
        }

        /** Replaces the value starting at {@code at} (none if it is empty); where it ended. */
        private int redactValue(int at, boolean toSpace) {
            int end = valueEnd(at, toSpace);
            if (end == at) {
                return at;
            }
            out.append(s, copied, at).append(REDACTED);
            copied = end;
            return end;
        }

        private int valueEnd(int at, boolean toSpace) {
            if (at < s.length() && (s.charAt(at) == '"' || s.charAt(at) == '\'')) {
                int close = s.indexOf(s.charAt(at), at + 1);
                if (close > 0) {
                    return close + 1;
                }
            }
            int end = at;
            while (end < s.length() && !Character.isWhitespace(s.charAt(end))
                    && (toSpace || ";&|".indexOf(s.charAt(end)) < 0)) {
                end++;
            }
            return end;
        }

        private static boolean nameChar(char c) {
            return Character.isLetterOrDigit(c) || c == '_' || c == '.' || c == '-';
        }
    }
}
