package io.brine.protocol;

/**
 * Quotes a string that came from the network for an error message. Such messages end up in the master's log
 * (a peer's claimed id is rejected before the peer is authenticated), so the quote is short and on one line:
 * control, format and separator characters are escaped, and the rest is cut off with its length noted.
 */
final class UntrustedText {
    static final int MAX_SHOWN = 64;

    private UntrustedText() {
    }

    static String quote(String s) {
        if (s == null) {
            return "null";
        }
        StringBuilder out = new StringBuilder("'");
        int shown = 0;
        for (int i = 0; i < s.length() && shown < MAX_SHOWN; i += Character.charCount(s.codePointAt(i)), shown++) {
            int c = s.codePointAt(i);
            if (c == '\\' || c == '\'') {
                out.append('\\').append((char) c);
            } else if (mustEscape(c)) {
                out.append(String.format("\\u%04x", c));
            } else {
                out.appendCodePoint(c);
            }
        }
        out.append('\'');
        if (shown < s.codePointCount(0, s.length())) {
            out.append("... (").append(s.length()).append(" chars)");
        }
        return out.toString();
    }

    private static boolean mustEscape(int c) {
        int type = Character.getType(c);
        return Character.isISOControl(c) || type == Character.FORMAT || type == Character.LINE_SEPARATOR
                || type == Character.PARAGRAPH_SEPARATOR || type == Character.SURROGATE
                || type == Character.UNASSIGNED;
    }
}
