package io.brine.master;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * Makes Salt-style jids: UTC yyyyMMddHHmmss plus six digits of microseconds. Strictly increasing within a
 * master, even for several jobs in the same microsecond or when the clock steps back, so jids sort by
 * publication order.
 */
final class JidGenerator {
    private static final DateTimeFormatter SECONDS = DateTimeFormatter.ofPattern("yyyyMMddHHmmss")
            .withZone(ZoneOffset.UTC);
    private long lastMicros;

    /** When a jid was made (to the second), or empty for one that is not a time. */
    static java.util.Optional<Instant> time(String jid) {
        try {
            return java.util.Optional.of(Instant.from(SECONDS.parse(jid.substring(0, 14))));
        } catch (RuntimeException e) {
            return java.util.Optional.empty();
        }
    }

    synchronized String next() {
        Instant now = Instant.now();
        long micros = now.getEpochSecond() * 1_000_000L + now.getNano() / 1_000;
        lastMicros = Math.max(micros, lastMicros + 1);
        long seconds = lastMicros / 1_000_000L;
        return SECONDS.format(Instant.ofEpochSecond(seconds)) + String.format("%06d", lastMicros % 1_000_000L);
    }
}
