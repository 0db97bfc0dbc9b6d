package io.brine.master;

import java.util.regex.Pattern;

/**
 * A job listing's caller filter: a name, or a glob over names where {@code *} stands for any text and {@code ?} for
 * one character ({@code --caller 'schedule:*'}: every job any schedule ran). The same filter is decided in SQL
 * ({@link #like}) and in memory ({@link #matches}) for the records not yet written, with the same outcome.
 */
final class CallerPattern {
    private CallerPattern() {
    }

    static boolean isGlob(String filter) {
        return filter.indexOf('*') >= 0 || filter.indexOf('?') >= 0;
    }

    /** {@code glob} as a LIKE pattern whose escape character is {@code \}. */
    static String like(String glob) {
        StringBuilder out = new StringBuilder();
        for (char c : glob.toCharArray()) {
            switch (c) {
                case '*' -> out.append('%');
                case '?' -> out.append('_');
                case '%', '_', '\\' -> out.append('\\').append(c);
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    /** Whether {@code caller} is what {@code filter} (a name or a glob) selects. */
    static boolean matches(String filter, String caller) {
        if (!isGlob(filter)) {
            return filter.equals(caller);
        }
        StringBuilder regex = new StringBuilder();
        for (char c : filter.toCharArray()) {
            regex.append(c == '*' ? ".*" : c == '?' ? "." : Pattern.quote(String.valueOf(c)));
        }
        return Pattern.compile(regex.toString(), Pattern.DOTALL).matcher(caller).matches();
    }
}
