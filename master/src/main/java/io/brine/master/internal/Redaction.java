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
 * <pre>{@code
 * Redaction.redact(List.of("mysql -uroot -phunter2 db"));   // ["mysql -uroot -p<redacted> db"]
 * }</pre>
 */
final class Redaction {
    static final String REDACTED = "<redacted>";
    /** Names whose values are never written: Salt's own list of sensitive keywords, and a few more. */
    private static final String NAMES = "pass(?:word|wd|phrase)?|pwd|secret|token|api[_-]?key|private[_-]?key"
            + "|credential|auth";
    private static final Pattern SECRET_NAME = Pattern.compile("(?i).*(?:" + NAMES + ").*");
    /** A flag naming a secret: its value is the next word. */
    private static final Pattern SECRET_FLAG = Pattern.compile("(?i)--?[\\w-]*(?:" + NAMES + ")[\\w-]*");
    /** {@code --password VALUE} and {@code --password=VALUE} in a string. */
    private static final Pattern FLAG_VALUE = Pattern.compile("(?i)(?<=^|\\s)(--?[\\w.-]*(?:" + NAMES
            + ")[\\w.-]*)(=|\\s+)(?!-)(\"[^\"]*\"|'[^']*'|\\S+)");
    /** {@code pwd=VALUE}, {@code DB_PASSWORD=VALUE} anywhere in a string. */
    private static final Pattern NAMED_VALUE = Pattern.compile("(?i)([\\w.-]*(?:" + NAMES
            + ")[\\w.-]*)(=)(\"[^\"]*\"|'[^']*'|[^\\s;&|]+)");
    /** MySQL's {@code -pSECRET}: a password joined to its flag (not a flag such as {@code -password} itself). */
    private static final Pattern JOINED_P = Pattern.compile("(?i)(?<=^|\\s)-p(?!ass|wd\\b)(?=\\S)(\\S+)");
    /** {@code scheme://user:SECRET@host}. */
    private static final Pattern URL_PASSWORD = Pattern.compile("(\\w[\\w+.-]*://[^\\s/:@]*:)([^\\s@/]+)(@)");

    private Redaction() {
    }

    /** A copy of {@code value} with its secrets redacted: maps by key name, lists and strings by shape. */
    static Object redact(Object value) {
        if (value instanceof Map<?, ?> m) {
            Map<String, Object> out = new LinkedHashMap<>();
            m.forEach((k, v) -> out.put(String.valueOf(k), SECRET_NAME.matcher(String.valueOf(k)).matches()
                    ? REDACTED : redact(v)));
            return out;
        }
        if (value instanceof List<?> l) {
            List<Object> out = new ArrayList<>(l.size());
            boolean nextIsSecret = false;
            for (Object v : l) {
                out.add(nextIsSecret ? REDACTED : redact(v));
                nextIsSecret = v instanceof String s && SECRET_FLAG.matcher(s).matches();
            }
            return out;
        }
        if (value instanceof String s) {
            return redactText(s);
        }
        return value;
    }

    private static String redactText(String s) {
        String out = replace(FLAG_VALUE, s, m -> m.group(1) + m.group(2) + REDACTED);
        out = replace(NAMED_VALUE, out, m -> m.group(1) + m.group(2) + REDACTED);
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
}
