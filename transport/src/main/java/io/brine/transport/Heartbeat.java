package io.brine.transport;

/**
 * A dealer's heartbeat on its session: a ping every interval, and the session given up once the master has been
 * silent for three. Its deadline is when the next ping or the silence check is due. Used on the dealers' loop
 * thread only.
 */
final class Heartbeat {
    /** What is due now. */
    enum Due { NOTHING, PING, SILENT }

    private final long interval;
    private long lastHeard;
    private long lastPing;
    private long sequence;

    Heartbeat(long intervalMillis) {
        this.interval = intervalMillis;
    }

    /** A session (or a step of its handshake) begins: counted as heard from and pinged now. */
    void restart(long now) {
        lastHeard = now;
        lastPing = now;
    }

    void heard(long now) {
        lastHeard = now;
    }

    Due due(long now) {
        if (now - lastHeard > 3 * interval) {
            return Due.SILENT;
        }
        if (now - lastPing >= interval) {
            lastPing = now;
            return Due.PING;
        }
        return Due.NOTHING;
    }

    /** The sequence number of the next ping. */
    long nextSequence() {
        return ++sequence;
    }

    long deadline() {
        return Math.min(lastPing + interval, lastHeard + 3 * interval + 1);
    }
}
