package io.brine.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.protocol.EventPost;
import io.brine.protocol.Frame;
import io.brine.protocol.FrameKind;
import io.brine.protocol.GrainsReport;
import io.brine.protocol.Hello;
import io.brine.protocol.MessageCodec;
import io.brine.protocol.ProtocolVersion;
import io.brine.protocol.Role;
import io.brine.protocol.ValueBounds;
import io.brine.protocol.crypto.SessionCipher;
import io.brine.protocol.crypto.StaticKeyPair;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The router's inbound chain, step by step: for each step, a frame made to fail exactly there (by a raw client of
 * our own, one connection each) is dropped there, counted under that step's reason and no other; and a good
 * frame passes every step to the listener. The master's role step is tested with a whole master (cli's
 * InboundRoleStepTest).
 */
@Timeout(60)
class RouterInboundChainTest {
    private static final EnumSet<Counters.Drop> CHAIN = EnumSet.of(Counters.Drop.MALFORMED_FRAME,
            Counters.Drop.NO_SESSION, Counters.Drop.PENDING_PEER, Counters.Drop.DECRYPT_FAILED,
            Counters.Drop.UNDECODABLE, Counters.Drop.OVER_BOUNDS, Counters.Drop.NOT_ACCEPTED);

    @Test
    void frameCheckDropsAFrameOfAnotherVersionOrOfAKindNeverSentToAMaster() throws Exception {
        try (EchoMaster master = new EchoMaster();
                RawZmtpPeer peer = RawZmtpPeer.connect(master.router.port()).greet()) {
            byte[] otherVersion = new Frame(FrameKind.SEALED, new byte[] {1, 2, 3}).encode();
            otherVersion[0] = (byte) (ProtocolVersion.CURRENT + 1);
            peer.send(otherVersion);
            peer.send(new Frame(FrameKind.HANDSHAKE_2, new byte[32]).encode());
            awaitDropped(master, Counters.Drop.MALFORMED_FRAME, 2);
        }
    }

    @Test
    void sessionLookupDropsASealedFrameWithoutASessionAndTellsThePeer() throws Exception {
        try (EchoMaster master = new EchoMaster();
                RawZmtpPeer peer = RawZmtpPeer.connect(master.router.port()).greet()) {
            peer.send(new Frame(FrameKind.SEALED, new byte[40]).encode());
            byte[] answer = peer.readFrame();
            assertEquals(FrameKind.RESET, Frame.kindOf(answer, 1 << 20), "an empty RESET: handshake again");
            assertEquals(Frame.HEADER, answer.length);
            awaitDropped(master, Counters.Drop.NO_SESSION, 1);
        }
    }

    @Test
    void openDropsASealedFrameThatWasTamperedWith() throws Exception {
        try (EchoMaster master = new EchoMaster();
                RawZmtpPeer peer = RawZmtpPeer.connect(master.router.port()).greet()) {
            SessionCipher cipher = peer.handshake(StaticKeyPair.generate(), new Hello(Role.MINION, "m1", "test"));
            byte[] sealed = Frame.sealed(cipher, MessageCodec.encode(new EventPost("probe", Map.of())));
            sealed[sealed.length - 1] ^= 1; // the authentication tag no longer matches
            peer.send(sealed);
            awaitDropped(master, Counters.Drop.DECRYPT_FAILED, 1);
        }
    }

    @Test
    void decodeDropsASealedFrameThatHoldsNoMessage() throws Exception {
        try (EchoMaster master = new EchoMaster();
                RawZmtpPeer peer = RawZmtpPeer.connect(master.router.port()).greet()) {
            SessionCipher cipher = peer.handshake(StaticKeyPair.generate(), new Hello(Role.MINION, "m1", "test"));
            peer.send(Frame.sealed(cipher, new byte[] {(byte) 0xEE, 0x01, 0x02, 0x03}));
            awaitDropped(master, Counters.Drop.UNDECODABLE, 1);
        }
    }

    @Test
    void decodeDropsAMessageWhoseValuesPassTheirBoundsApartFromMalformedOnes() throws Exception {
        try (EchoMaster master = new EchoMaster();
                RawZmtpPeer peer = RawZmtpPeer.connect(master.router.port()).greet()) {
            SessionCipher cipher = peer.handshake(StaticKeyPair.generate(), new Hello(Role.MINION, "m1", "test"));
            Object deep = "leaf";
            for (int i = 0; i < ValueBounds.GRAINS.maxDepth() + 1; i++) {
                deep = Map.of("a", deep);
            }
            peer.send(Frame.sealed(cipher, MessageCodec.encode(new GrainsReport(Map.of("a", deep)))));
            awaitDropped(master, Counters.Drop.OVER_BOUNDS, 1);
        }
    }

    @Test
    void admissionDropsAMessageFromASessionWhoseKeyIsPending() throws Exception {
        try (EchoMaster master = new EchoMaster();
                RawZmtpPeer peer = RawZmtpPeer.connect(master.router.port()).greet()) {
            SessionCipher cipher = peer.handshake(StaticKeyPair.generate(),
                    new Hello(Role.MINION, "stranger-1", "test"));
            peer.send(Frame.sealed(cipher, MessageCodec.encode(new EventPost("probe", Map.of()))));
            awaitDropped(master, Counters.Drop.NOT_ACCEPTED, 1);
            assertEquals(1, master.router.counters().refused(), "counted as refused too, as before");
        }
    }

    @Test
    void aGoodFramePassesEveryStepToTheListener() throws Exception {
        try (EchoMaster master = new EchoMaster().withClient()) {
            assertTrue(master.roundTripMillis() < Double.MAX_VALUE, "the event came back through the listener");
            for (Counters.Drop step : CHAIN) {
                assertEquals(0, master.router.counters().dropped(step), step + ": " + master.router.counters());
            }
        }
    }

    /** Waits until {@code reason} counts {@code n}; then no other step of the chain has dropped anything. */
    private static void awaitDropped(EchoMaster master, Counters.Drop reason, long n) throws InterruptedException {
        Counters counters = master.router.counters();
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (counters.dropped(reason) < n && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertEquals(n, counters.dropped(reason), counters.toString());
        for (Counters.Drop other : CHAIN) {
            if (other != reason) {
                assertEquals(0, counters.dropped(other), "dropped at " + other + " too: " + counters);
            }
        }
    }
}
