package io.brine.master;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A parsed target expression: glob (the default, shell-style {@code * ? [...]}), list (comma-separated ids)
 * or pcre (a Java regular expression matched against the whole id). Parsing rejects a malformed expression
 * with a message, so the CLI and the master agree on what a target means.
 *
 * <p>Example: {@code Target.parse("web*", "glob").matches("web1")} is true.
 */
public final class Target {
    private final String expression;
    private final String type;
    private final Predicate<String> predicate;

    private Target(String expression, String type, Predicate<String> predicate) {
        this.expression = expression;
        this.type = type;
        this.predicate = predicate;
    }

    public static Target parse(String expression, String type) {
        if (expression == null || expression.isEmpty()) {
            throw new IllegalArgumentException("empty target");
        }
        String t = type == null ? "glob" : type.toLowerCase(Locale.ROOT);
        return switch (t) {
            case "glob" -> new Target(expression, t, globPattern(expression).asMatchPredicate());
            case "list" -> {
                Set<String> ids = new HashSet<>(Arrays.asList(expression.split("\\s*,\\s*")));
                yield new Target(expression, t, ids::contains);
            }
            case "pcre" -> {
                try {
                    yield new Target(expression, t, Pattern.compile(expression).asMatchPredicate());
                } catch (PatternSyntaxException e) {
                    throw new IllegalArgumentException("invalid regular expression at position " + e.getIndex()
                            + ": " + e.getDescription());
                }
            }
            default -> throw new IllegalArgumentException("unknown target type '" + type
                    + "'; use glob, list or pcre");
        };
    }

    public boolean matches(String minionId) {
        return predicate.test(minionId);
    }

    public String expression() {
        return expression;
    }

    public String type() {
        return type;
    }

    /** Translates a shell glob to a regular expression; everything but {@code * ? [..]} is literal. */
    static Pattern globPattern(String glob) {
        StringBuilder re = new StringBuilder();
        for (int i = 0; i < glob.length(); i++) {
            char c = glob.charAt(i);
            switch (c) {
                case '*' -> re.append(".*");
                case '?' -> re.append('.');
                case '[' -> {
                    int close = glob.indexOf(']', i + 2);
                    if (close < 0) {
                        re.append("\\[");
                    } else {
                        String body = glob.substring(i + 1, close);
                        if (body.startsWith("!")) {
                            body = "^" + body.substring(1);
                        }
                        re.append('[').append(body.replace("\\", "\\\\")).append(']');
                        i = close;
                    }
                }
                default -> re.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(re.toString());
    }

    @Override
    public String toString() {
        return type + ":" + expression;
    }
}
