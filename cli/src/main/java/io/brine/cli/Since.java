package io.brine.cli;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;

/** Reads {@code --since}: a span back from now (30m, 2h, 7d) or a UTC time (2026-11-22, 2026-11-22T10:00). */
final class Since {
    private Since() {
    }

    static Instant parse(String text, Instant now) {
        String t = text.trim();
        if (t.matches("[0-9]+[smhd]")) {
            long n = Long.parseLong(t.substring(0, t.length() - 1));
            Duration span = switch (t.charAt(t.length() - 1)) {
                case 's' -> Duration.ofSeconds(n);
                case 'm' -> Duration.ofMinutes(n);
                case 'h' -> Duration.ofHours(n);
                default -> Duration.ofDays(n);
            };
            return now.minus(span);
        }
        try {
            return t.contains("T") ? LocalDateTime.parse(t).toInstant(ZoneOffset.UTC)
                    : LocalDate.parse(t).atStartOfDay().toInstant(ZoneOffset.UTC);
        } catch (DateTimeParseException e) {
            throw CliException.usage("--since takes 30m, 2h, 7d or a UTC time such as 2026-11-22T10:00, not '" + text
                    + "'");
        }
    }
}
