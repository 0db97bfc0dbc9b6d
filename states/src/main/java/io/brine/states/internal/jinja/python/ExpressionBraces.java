package io.brine.states.internal.jinja.python;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Lets {@code {{ {'a': {'b': 1}} }}} reach the parser whole. Jinja's lexer counts braces and ends an expression
 * only at a {@code }}} outside them; Jinjava's token scanner ends it at the first {@code }}}, even one that closes
 * a dict. Jinjava builds its scanner inside its tree parser with no way to supply another, so instead each
 * template's source gets a space between a dict's closing brace and the brace after it, inside {@code {{ }}} only.
 * Quoted strings, comments and raw blocks are left exactly as written, and no line breaks are added, so line
 * numbers in errors stay true.
 *
 * <p>One other repair in the same pass: a comment with whitespace control ({@code {#- ... #}}, {@code {# ... -#}})
 * becomes an empty expression with the same control ({@code {{- '' }}}), keeping the comment's line breaks inside
 * it. Jinjava trims both sides of such a comment whichever side asks, and Salt's formulas write
 * {@code - key: True} then {@code {#- note #}} on the next line, which it would glue together.
 */
final class ExpressionBraces {
    private static final Pattern RAW = Pattern.compile("\\{%[-+]?\\s*raw\\s*[-+]?%}");
    private static final Pattern END_RAW = Pattern.compile("\\{%[-+]?\\s*endraw\\s*[-+]?%}");

    private ExpressionBraces() {}

    static String spaced(String source) {
        if (!source.contains("}}") && !source.contains("{#")) {
            return source;
        }
        StringBuilder out = new StringBuilder(source.length() + 16);
        int i = 0;
        while (i < source.length()) {
            int open = source.indexOf('{', i);
            if (open < 0 || open + 1 >= source.length()) {
                out.append(source, i, source.length());
                break;
            }
            char kind = source.charAt(open + 1);
            int end = switch (kind) {
                case '{' -> expression(source, open + 2, out.append(source, i, open + 2));
                case '#' -> comment(source, open, out.append(source, i, open));
                case '%' -> copyThrough(source, open, afterTag(source, open), out.append(source, i, open));
                default -> copyThrough(source, i, open + 1, out);
            };
            i = end;
        }
        return out.toString();
    }

    /** Copies an expression's body, spacing nested closing braces, and returns where its {@code }}} ends. */
    private static int expression(String source, int from, StringBuilder out) {
        int depth = 0;
        char quote = 0;
        for (int i = from; i < source.length(); i++) {
            char c = source.charAt(i);
            out.append(c);
            if (quote != 0) {
                if (c == '\\' && i + 1 < source.length()) {
                    out.append(source.charAt(++i));
                } else if (c == quote) {
                    quote = 0;
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '{') {
                depth++;
            } else if (c == '}' && depth > 0) {
                depth--;
                if (i + 1 < source.length() && source.charAt(i + 1) == '}') {
                    out.append(' ');
                }
            } else if (c == '}' && i + 1 < source.length() && source.charAt(i + 1) == '}') {
                out.append('}');
                return i + 2;
            }
        }
        return source.length();
    }

    /** Copies a comment, or the empty expression standing for one with whitespace control; returns its end. */
    private static int comment(String source, int open, StringBuilder out) {
        int close = source.indexOf("#}", open + 2);
        if (close < 0) {
            return copyThrough(source, open, source.length(), out);
        }
        String body = source.substring(open + 2, close);
        boolean left = body.startsWith("-");
        boolean right = body.length() > 1 && body.endsWith("-");
        if (!left && !right) {
            return copyThrough(source, open, close + 2, out);
        }
        out.append(left ? "{{- ''" : "{{ ''");
        body.chars().filter(c -> c == '\n').forEach(c -> out.append('\n'));
        out.append(right ? " -}}" : " }}");
        return close + 2;
    }

    /** A tag's end, or for {@code {% raw %}} the end of its {@code {% endraw %}}, whose content is not Jinja. */
    private static int afterTag(String source, int open) {
        Matcher raw = RAW.matcher(source).region(open, source.length());
        if (raw.lookingAt()) {
            Matcher end = END_RAW.matcher(source);
            return end.find(raw.end()) ? end.end() : source.length();
        }
        char quote = 0;
        for (int i = open + 2; i + 1 < source.length(); i++) { // a quoted '%}' does not end a tag, for Jinjava either
            char c = source.charAt(i);
            if (quote != 0) {
                quote = c == quote ? 0 : quote;
                i += c == '\\' ? 1 : 0;
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '%' && source.charAt(i + 1) == '}') {
                return i + 2;
            }
        }
        return source.length();
    }

    private static int copyThrough(String source, int from, int to, StringBuilder out) {
        out.append(source, from, to);
        return to;
    }
}
