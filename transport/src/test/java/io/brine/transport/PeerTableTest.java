package io.brine.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.brine.protocol.Role;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class PeerTableTest {
    /** Heartbeat 5 s, so a session is silent after 15 s; a handshake expires after 60 s. */
    private static final TransportSettings SETTINGS = TransportSettings.DEFAULTS.withHeartbeat(Duration.ofSeconds(5));

    private final PeerTable table = new PeerTable(SETTINGS);
    private final Counters counters = new Counters();

    private Peer handshakeAt(long millis, int connection) {
        byte[] routingId = {0, 0, 0, (byte) connection};
        Peer peer = new Peer(routingId, millis);
        table.add(ByteBuffer.wrap(routingId), peer);
        return peer;
    }

    private void open(Peer peer, long millis) {
        peer.session = new Session(peer.routingId[3], Role.MINION, "m" + peer.routingId[3], new byte[32]);
        table.opened(peer, millis);
    }

    @Test
    void aSessionIsJudgedFromWhenItOpenedNotFromItsFirstHandshakeMessage() {
        Peer peer = handshakeAt(0, 1);
        open(peer, 20_000); // the rest of its handshake waited 20 s in a busy master's queue
        assertEquals(List.of(), table.expire(21_000, counters));
        assertSame(peer, table.session(1));
    }

    @Test
    void aSessionThatSentNothingForThreeHeartbeatsIsExpired() {
        Peer peer = handshakeAt(0, 1);
        open(peer, 1_000);
        assertEquals(List.of(peer), table.expire(16_001, counters));
        assertNull(table.session(1));
        assertNull(table.get(ByteBuffer.wrap(peer.routingId)));
        assertEquals(1, counters.sessionsExpired());
    }

    @Test
    void silenceIsCountedOnlyUntilTheRouterLastEmptiedItsQueue() {
        Peer peer = handshakeAt(0, 1);
        open(peer, 1_000);
        // now is 30 s, but the router last found its socket empty at 10 s: what the peer sent since may be queued
        long drainedMillis = 10_000;
        assertEquals(List.of(), table.expire(drainedMillis, counters));
        assertSame(peer, table.session(1));
    }

    @Test
    void aHandshakeNeverFinishedIsGivenUpAfterTheHandshakeTimeout() {
        Peer slow = handshakeAt(0, 1);
        Peer recent = handshakeAt(30_000, 2);
        assertEquals(List.of(), table.expire(60_001, counters), "handshakes are not sessions: none is returned");
        assertNull(table.get(ByteBuffer.wrap(slow.routingId)));
        assertSame(recent, table.get(ByteBuffer.wrap(recent.routingId)));
        assertEquals(1, counters.handshakesExpired());
        assertEquals(1, table.handshakesInFlight());
    }
}
