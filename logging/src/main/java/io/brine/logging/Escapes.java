package io.brine.logging;

/**
 * Control characters written as escapes. Values in log messages often come from the wire (a pushed path, a
 * minion id, an event tag), and a newline in one once wrote a forged record into the master's log (issue 11,
 * finding 17): escaped, a value stays inside its own record.
 */
final class Escapes {
    private Escapes() {
    }

    /** Appends {@code s} with line breaks and other control characters (C0, DEL, C1, U+2028/9) escaped. */
    static StringBuilder append(StringBuilder b, String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append('\t');
                default -> {
                    if (isControl(c)) {
                        String hex = Integer.toHexString(c); // not String.format: it loads locale data
                        b.append("\\u").append("0000", hex.length(), 4).append(hex);
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b;
    }

    /** A character a terminal, a log viewer or a line reader may take for the end of a line, or worse. */
    static boolean isControl(char c) {
        return c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == '\u2028' || c == '\u2029';
    }
}
