package io.brine.console;

/**
 * Text made safe for HTML: every value a page shows that came from a minion, a job or a person (ids, grains,
 * outputs, event data, error messages) passes through {@link #esc}, so {@code <script>} in a command's output is
 * shown as text, never run.
 */
final class Html {
    private Html() {
    }

    /** {@code value} as HTML text, safe in element content and in quoted attribute values. */
    static String esc(Object value) {
        String s = String.valueOf(value);
        StringBuilder out = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    /** {@code value} for a URL's path segment or query value (then escaped for the attribute it stands in). */
    static String url(String value) {
        return java.net.URLEncoder.encode(value, java.nio.charset.StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** At most {@code max} characters of {@code s}, saying how much was left out. */
    static String cut(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max) + "\n... (" + (s.length() - max) + " more characters)";
    }
}
