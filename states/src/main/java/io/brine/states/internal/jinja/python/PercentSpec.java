package io.brine.states.internal.jinja.python;

/** One {@code %...} conversion of a printf-style template, as Python reads it. */
record PercentSpec(String key, String flags, int width, int precision, char type, int end) {
    private static final String FLAGS = "-+ 0#";
    private static final String TYPES = "sradiuxXocfFeE%";

    /** Reads the conversion that starts just after the {@code %} at {@code start - 1}. */
    static PercentSpec parse(String template, int start) {
        int i = start;
        String key = null;
        if (i < template.length() && template.charAt(i) == '(') {
            int close = template.indexOf(')', i);
            if (close < 0) {
                throw new IllegalArgumentException("incomplete format key");
            }
            key = template.substring(i + 1, close);
            i = close + 1;
        }
        int flagsStart = i;
        while (i < template.length() && FLAGS.indexOf(template.charAt(i)) >= 0) {
            i++;
        }
        String flags = template.substring(flagsStart, i);
        int widthStart = i;
        i = digits(template, i);
        int width = widthStart == i ? 0 : Integer.parseInt(template.substring(widthStart, i));
        int precision = -1;
        if (i < template.length() && template.charAt(i) == '.') {
            int precisionStart = ++i;
            i = digits(template, i);
            precision = precisionStart == i ? 0 : Integer.parseInt(template.substring(precisionStart, i));
        }
        while (i < template.length() && "hlL".indexOf(template.charAt(i)) >= 0) {
            i++; // C's length modifiers, which Python accepts and ignores
        }
        if (i >= template.length()) {
            throw new IllegalArgumentException("incomplete format");
        }
        char type = template.charAt(i);
        if (TYPES.indexOf(type) < 0) {
            throw new IllegalArgumentException(String.format("unsupported format character '%c' (0x%x) at index %d",
                    type, (int) type, i));
        }
        return new PercentSpec(key, flags, width, precision, type, i + 1);
    }

    boolean has(char flag) {
        return flags.indexOf(flag) >= 0;
    }

    private static int digits(String template, int from) {
        int i = from;
        while (i < template.length() && Character.isDigit(template.charAt(i)) && i - from < 6) {
            i++; // six digits at most: a template cannot ask for a gigabyte of padding
        }
        return i;
    }
}
