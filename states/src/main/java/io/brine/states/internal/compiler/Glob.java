package io.brine.states.internal.compiler;

import java.util.regex.Pattern;

/** Shell-style globs as Salt targets use them: {@code *}, {@code ?} and {@code [set]}. */
final class Glob {
    private Glob() {}

    static boolean matches(String glob, String text) {
        return toRegex(glob).matcher(text).matches();
    }

    static Pattern toRegex(String glob) {
        StringBuilder re = new StringBuilder();
        for (int i = 0; i < glob.length(); i++) {
            char c = glob.charAt(i);
            switch (c) {
                case '*' -> re.append(".*");
                case '?' -> re.append('.');
                case '[' -> {
                    int close = glob.indexOf(']', i + 1);
                    if (close < 0) {
                        re.append("\\[");
                    } else {
                        String set = glob.substring(i + 1, close);
                        re.append('[').append(set.startsWith("!") ? "^" + quoteSet(set.substring(1)) : quoteSet(set)).append(']');
                        i = close;
                    }
                }
                default -> re.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(re.toString(), Pattern.DOTALL);
    }

    private static String quoteSet(String set) {
        return set.replace("\\", "\\\\").replace("[", "\\[").replace("&", "\\&");
    }
}
