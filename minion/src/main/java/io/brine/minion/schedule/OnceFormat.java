package io.brine.minion.schedule;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.time.format.SignStyle;
import java.time.format.TextStyle;
import java.time.temporal.ChronoField;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * Reads a {@code once} time with its {@code once_fmt}, a Python {@code strptime} format (Salt's default
 * {@code %Y-%m-%dT%H:%M:%S}), as Python would: numbers may drop their leading zero, names ignore case, and what the
 * format leaves out is 1900-01-01 00:00:00.
 *
 * <p>Directives read: {@code %Y %y %m %d %H %I %M %S %p %b %B %%}. Any other is refused by name rather than guessed
 * at; {@code %y} is 1969-2068, as in Python.
 */
final class OnceFormat {
    /** Salt's {@code once_fmt} when none is given ({@code salt/utils/schedule.py}, {@code _handle_once}). */
    static final String DEFAULT = "%Y-%m-%dT%H:%M:%S";

    private OnceFormat() {
    }

    /**
     * Parses {@code text} with the strptime {@code format}.
     *
     * @throws IllegalArgumentException naming a directive not read, or quoting a text the format does not fit;
     *     the message begins with the key at fault ({@code once} or {@code once_fmt})
     */
    static LocalDateTime parse(String text, String format) {
        DateTimeFormatter formatter = formatter(format);
        try {
            return LocalDateTime.parse(text, formatter);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("once '" + text + "' does not fit once_fmt '" + format + "': "
                    + e.getMessage(), e);
        }
    }

    private static DateTimeFormatter formatter(String format) {
        DateTimeFormatterBuilder b = new DateTimeFormatterBuilder().parseCaseInsensitive();
        Set<Character> seen = new HashSet<>();
        for (int i = 0; i < format.length(); i++) {
            char c = format.charAt(i);
            if (c != '%') {
                b.appendLiteral(c);
                continue;
            }
            if (++i == format.length()) {
                throw new IllegalArgumentException("once_fmt '" + format + "' ends with a lone %");
            }
            char directive = format.charAt(i);
            append(b, directive, format);
            seen.add(directive);
        }
        defaults(b, seen);
        return b.toFormatter(Locale.ENGLISH).withResolverStyle(ResolverStyle.STRICT);
    }

    private static void append(DateTimeFormatterBuilder b, char directive, String format) {
        switch (directive) {
            case 'Y' -> b.appendValue(ChronoField.YEAR, 4);
            case 'y' -> b.appendValueReduced(ChronoField.YEAR, 2, 2, LocalDate.of(1969, 1, 1));
            case 'm' -> b.appendValue(ChronoField.MONTH_OF_YEAR, 1, 2, SignStyle.NOT_NEGATIVE);
            case 'd' -> b.appendValue(ChronoField.DAY_OF_MONTH, 1, 2, SignStyle.NOT_NEGATIVE);
            case 'H' -> b.appendValue(ChronoField.HOUR_OF_DAY, 1, 2, SignStyle.NOT_NEGATIVE);
            case 'I' -> b.appendValue(ChronoField.CLOCK_HOUR_OF_AMPM, 1, 2, SignStyle.NOT_NEGATIVE);
            case 'M' -> b.appendValue(ChronoField.MINUTE_OF_HOUR, 1, 2, SignStyle.NOT_NEGATIVE);
            case 'S' -> b.appendValue(ChronoField.SECOND_OF_MINUTE, 1, 2, SignStyle.NOT_NEGATIVE);
            case 'p' -> b.appendText(ChronoField.AMPM_OF_DAY, TextStyle.SHORT);
            case 'b' -> b.appendText(ChronoField.MONTH_OF_YEAR, TextStyle.SHORT);
            case 'B' -> b.appendText(ChronoField.MONTH_OF_YEAR, TextStyle.FULL);
            case '%' -> b.appendLiteral('%');
            default -> throw new IllegalArgumentException("once_fmt '" + format + "': %" + directive
                    + " is not read (read: %Y %y %m %d %H %I %M %S %p %b %B %%)");
        }
    }

    /** What the format leaves out, Python's way: 1900-01-01 00:00:00, and AM for a 12-hour clock without %p. */
    private static void defaults(DateTimeFormatterBuilder b, Set<Character> seen) {
        if (!seen.contains('Y') && !seen.contains('y')) {
            b.parseDefaulting(ChronoField.YEAR, 1900);
        }
        if (!seen.contains('m') && !seen.contains('b') && !seen.contains('B')) {
            b.parseDefaulting(ChronoField.MONTH_OF_YEAR, 1);
        }
        if (!seen.contains('d')) {
            b.parseDefaulting(ChronoField.DAY_OF_MONTH, 1);
        }
        if (seen.contains('I') && !seen.contains('p')) {
            b.parseDefaulting(ChronoField.AMPM_OF_DAY, 0);
        }
        if (!seen.contains('H') && !seen.contains('I')) {
            b.parseDefaulting(ChronoField.HOUR_OF_DAY, 0);
        }
        if (!seen.contains('M')) {
            b.parseDefaulting(ChronoField.MINUTE_OF_HOUR, 0);
        }
        if (!seen.contains('S')) {
            b.parseDefaulting(ChronoField.SECOND_OF_MINUTE, 0);
        }
    }
}
