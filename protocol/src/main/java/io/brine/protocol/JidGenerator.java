package io.brine.protocol;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * Makes Salt-style jids: UTC yyyyMMddHHmmss plus six digits of microseconds. Strictly increasing for one
 * generator, even for several jobs in the same microsecond or when the clock steps back, so jids sort by
 * publication order: a master holds one for its jobs, a minion one for the calls it runs for local callers.
 *
 * <pre>{@code
 * JidGenerator jids = new JidGenerator();
 * String jid = jids.next();   // e.g. 20261126101500123456
 * }</pre>
 */
public final class JidGenerator {
    private long lastMicros;

    /**
     * The jid's date, made on first use rather than with the generator: a minion makes its generator at start
     * (for local calls) and may never use it, and java.time's formatting is some 50 classes it would otherwise
     * load, and keep in its class-data archive, for nothing.
     */
    private static final class Seconds {
        static final DateTimeFormatter FORMAT = DateTimeFormatter.ofPattern("yyyyMMddHHmmss").withZone(ZoneOffset.UTC);
    }

    /** When a jid was made (to the second), or empty for one that is not a time. */
    public static java.util.Optional<Instant> time(String jid) {
        try {
            return java.util.Optional.of(Instant.from(Seconds.FORMAT.parse(jid.substring(0, 14))));
        } catch (RuntimeException e) {
            return java.util.Optional.empty();
        }
    }

    /** The next jid, later than every one this generator made before. */
    public synchronized String next() {
        Instant now = Instant.now();
        long micros = now.getEpochSecond() * 1_000_000L + now.getNano() / 1_000;
        lastMicros = Math.max(micros, lastMicros + 1);
        long seconds = lastMicros / 1_000_000L;
        return Seconds.FORMAT.format(Instant.ofEpochSecond(seconds)) + String.format("%06d", lastMicros % 1_000_000L);
    }
}
