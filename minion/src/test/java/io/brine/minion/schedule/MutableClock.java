package io.brine.minion.schedule;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;

/** A clock the test moves by hand, in a zone of its choosing. */
final class MutableClock extends Clock {
    private Instant now;
    private final ZoneId zone;

    MutableClock(Instant now, ZoneId zone) {
        this.now = now;
        this.zone = zone;
    }

    /** At the wall-clock time {@code local} in {@code zone}. */
    static MutableClock at(String local, ZoneId zone) {
        return new MutableClock(LocalDateTime.parse(local).atZone(zone).toInstant(), zone);
    }

    void advance(Duration d) {
        now = now.plus(d);
    }

    void advanceSeconds(long seconds) {
        advance(Duration.ofSeconds(seconds));
    }

    void set(Instant instant) {
        now = instant;
    }

    /** The wall-clock time now, in this clock's zone. */
    LocalDateTime local() {
        return LocalDateTime.ofInstant(now, zone);
    }

    @Override
    public Instant instant() {
        return now;
    }

    @Override
    public ZoneId getZone() {
        return zone;
    }

    @Override
    public Clock withZone(ZoneId other) {
        return new MutableClock(now, other);
    }
}
