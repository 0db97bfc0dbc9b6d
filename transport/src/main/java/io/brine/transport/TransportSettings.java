package io.brine.transport;

import io.brine.protocol.Frame;
import java.time.Duration;
import java.util.Objects;

/**
 * Knobs shared by both ends of a session.
 *
 * @param maxFrameSize    frames above this are dropped unread: an accepted minion's are read past and reported
 *                        ({@link RouterListener#onFrameRefused}), any other peer's connection is closed
 * @param heartbeat       how often an initiator pings; three missed answers end the session
 * @param handshakeTimeout the longest either side waits for the next handshake message (an initiator on a
 *                        connection the master has greeted; see firstHandshakeTimeout for one it has not). It was 10 s:
 *                        in a restart storm of 10,000 minions the master's queue of first handshake messages grew
 *                        deeper than that, so every minion gave up before the master reached it, reconnected to the
 *                        back of the queue, and the fleet never converged. Up to a minute, each waits long enough.
 * @param firstHandshakeTimeout how long an initiator waits for the answer to its first handshake message before
 *                        it starts over on a new connection (2 s), as long as the master's router has not greeted
 *                        the connection; once greeted, it waits up to handshakeTimeout. A connection not greeted
 *                        in 2 s leads nowhere (a master too busy to accept, a SYN lost, something else on the
 *                        port). A greeted connection works: its handshake waits in a busy master's queue, and
 *                        starting over would only queue a second one behind it.
 * @param backoffMin      first reconnect delay; doubles on each failure, with jitter, up to backoffMax
 * @param backoffMax      ceiling for the reconnect delay, so a fleet does not hammer a master that is down
 * @param highWaterMark   messages queued per connection before further ones are dropped
 */
public record TransportSettings(int maxFrameSize, Duration heartbeat, Duration handshakeTimeout,
        Duration firstHandshakeTimeout, Duration backoffMin, Duration backoffMax, int highWaterMark) {

    public static final TransportSettings DEFAULTS = new TransportSettings(Frame.DEFAULT_MAX_SIZE, Duration.ofSeconds(5),
            Duration.ofSeconds(60), Duration.ofSeconds(2), Duration.ofMillis(500), Duration.ofSeconds(8), 100_000);

    public TransportSettings {
        if (maxFrameSize < 1024) {
            throw new IllegalArgumentException("max frame size must be at least 1024 bytes: " + maxFrameSize);
        }
        Objects.requireNonNull(heartbeat, "heartbeat");
        Objects.requireNonNull(handshakeTimeout, "handshakeTimeout");
        Objects.requireNonNull(firstHandshakeTimeout, "firstHandshakeTimeout");
        Objects.requireNonNull(backoffMin, "backoffMin");
        Objects.requireNonNull(backoffMax, "backoffMax");
        if (backoffMin.compareTo(backoffMax) > 0) {
            throw new IllegalArgumentException("backoffMin " + backoffMin + " exceeds backoffMax " + backoffMax);
        }
    }

    public TransportSettings withHeartbeat(Duration d) {
        return new TransportSettings(maxFrameSize, d, handshakeTimeout, firstHandshakeTimeout, backoffMin, backoffMax,
                highWaterMark);
    }

    public TransportSettings withBackoff(Duration min, Duration max) {
        return new TransportSettings(maxFrameSize, heartbeat, handshakeTimeout, firstHandshakeTimeout, min, max,
                highWaterMark);
    }

    public TransportSettings withFirstHandshakeTimeout(Duration d) {
        return new TransportSettings(maxFrameSize, heartbeat, handshakeTimeout, d, backoffMin, backoffMax,
                highWaterMark);
    }

    public TransportSettings withMaxFrameSize(int size) {
        return new TransportSettings(size, heartbeat, handshakeTimeout, firstHandshakeTimeout, backoffMin, backoffMax,
                highWaterMark);
    }
}
