package io.brine.targeting;

import java.util.ArrayList;
import java.util.List;

/** The one escape rule of target expressions: a backslash makes the next character literal. */
final class Escapes {
    private Escapes() {
    }

    /** Positions of every {@code c} in {@code s} that no backslash escapes. */
    static List<Integer> positions(String s, char c) {
        List<Integer> found = new ArrayList<>();
        for (int i = 0; i < s.length(); i++) {
            char x = s.charAt(i);
            if (x == '\\') {
                i++;
            } else if (x == c) {
                found.add(i);
            }
        }
        return found;
    }

    /** Splits on unescaped separators; the parts keep their escapes. */
    static List<String> split(String s, char separator) {
        List<String> parts = new ArrayList<>();
        int from = 0;
        for (int at : positions(s, separator)) {
            parts.add(s.substring(from, at));
            from = at + 1;
        }
        parts.add(s.substring(from));
        return parts;
    }

    /** Drops each escaping backslash, keeping the character it escapes. */
    static String unescape(String s) {
        if (s.indexOf('\\') < 0) {
            return s;
        }
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length()) {
                c = s.charAt(++i);
            }
            out.append(c);
        }
        return out.toString();
    }

    /** Index of a final backslash that escapes nothing, or -1. */
    static int danglingEscape(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) == '\\') {
                if (i + 1 == s.length()) {
                    return i;
                }
                i++;
            }
        }
        return -1;
    }

    /** Whether the character at {@code index} is escaped, counting backslashes back to {@code from}. */
    static boolean isEscaped(String s, int from, int index) {
        int backslashes = 0;
        for (int i = index - 1; i >= from && s.charAt(i) == '\\'; i--) {
            backslashes++;
        }
        return backslashes % 2 == 1;
    }
}
