package io.brine.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.protocol.EventPost;
import io.brine.protocol.Frame;
import io.brine.protocol.FrameKind;
import io.brine.protocol.Hello;
import io.brine.protocol.MessageCodec;
import io.brine.protocol.Role;
import io.brine.protocol.crypto.NoiseXX;
import io.brine.protocol.crypto.SessionCipher;
import io.brine.protocol.crypto.StaticKeyPair;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Issue 11's availability findings 1 to 4, each replayed by small hostile clients against a real router while a
 * legit client and brand-new minions keep talking to it: every answer comes within 1 s, during and after, and
 * what the attack made the master spend is counted and bounded. Each test prints what it measured.
 */
class RouterFloodTest {
    private static final long FLOOD_MILLIS = 2000;
    private static final int MAX_FRAME = TransportSettings.DEFAULTS.maxFrameSize();

    @Test
    void framesDeclaredNearTheLimitAndNeverSentCommitNoMemory() throws Exception {
        try (EchoMaster master = new EchoMaster().withClient()) {
            List<RawZmtpPeer> huge = new ArrayList<>();
            List<RawZmtpPeer> held = new ArrayList<>();
            try {
                for (int i = 0; i < 150; i++) {
                    RawZmtpPeer p = RawZmtpPeer.connect(master.router.port()).greet();
                    p.declareFrame(MAX_FRAME - 1);
                    huge.add(p);
                    RawZmtpPeer q = RawZmtpPeer.connect(master.router.port()).greet();
                    q.declareFrame(RouterLimits.DEFAULTS.unauthenticatedFrameLimit() - 1);
                    held.add(q);
                }
                Probe during = new Probe(master, "during").run(FLOOD_MILLIS);
                for (RawZmtpPeer p : huge) {
                    assertTrue(p.closedByMaster(), "a peer without a session may not declare an 8 MiB frame");
                }
                assertEquals(150, master.router.counters().dropped(Counters.Drop.FRAME_TOO_LARGE));
                long peak = master.router.frameBytesPeak();
                assertTrue(peak <= 150L * 1024 + 64 * 1024, "memory follows bytes, not declared sizes: " + peak);
                report("finding 1 (frames declared, never sent)", during, peak, master);
                assertTrue(during.worst() < 1000, during.toString());
            } finally {
                huge.forEach(RawZmtpPeer::close);
                held.forEach(RawZmtpPeer::close);
            }
            Probe after = new Probe(master, "after").run(500);
            System.out.println("  " + after);
            assertTrue(after.worst() < 1000, after.toString());
        }
    }

    @Test
    void aConnectionLoopingFirstHandshakeMessagesIsCutOffAndOthersHandshakeAtOnce() throws Exception {
        try (EchoMaster master = new EchoMaster().withClient()) {
            Probe during;
            try (Flood flood = Flood.start(1, FLOOD_MILLIS, t -> {
                try (RawZmtpPeer p = RawZmtpPeer.connect(master.router.port()).greet()) {
                    byte[] message1 = new Frame(FrameKind.HANDSHAKE_1,
                            NoiseXX.initiator(StaticKeyPair.generate(), RouterEndpoint.PROLOGUE).writeMessage(new byte[0]))
                            .encode();
                    byte[] burst = repeat(RawZmtpPeer.frame(0, message1), 1000);
                    for (int i = 0; i < 500; i++) {
                        p.sendRaw(burst);
                    }
                }
            })) {
                during = new Probe(master, "during").run(FLOOD_MILLIS);
            }
            Counters c = master.router.counters();
            assertTrue(c.dropped(Counters.Drop.HANDSHAKE_RATE_CONNECTION) > 1000, c.toString());
            report("finding 2a (one connection looping handshake 1)", during, master.router.frameBytesPeak(), master);
            assertTrue(during.worst() < 1000, during.toString());
            Probe after = new Probe(master, "after").run(500);
            System.out.println("  " + after);
            assertTrue(after.worst() < 1000, after.toString());
        }
    }

    @Test
    void manyConnectionsFromOneAddressHandshakingAtOnceDoNotDelayOthers() throws Exception {
        RouterLimits limits = RouterLimits.DEFAULTS.withHandshakesPerAddress(200, 100);
        try (EchoMaster master = new EchoMaster(limits, failure -> {
        }).withClient()) {
            Probe during;
            try (Flood flood = Flood.start(6, FLOOD_MILLIS, t -> {
                // 127.0.0.2 stands for the attacker's host; the operator and the minions are elsewhere
                try (RawZmtpPeer p = RawZmtpPeer.connect(master.router.port(), "127.0.0.2").greet()) {
                    NoiseXX noise = NoiseXX.initiator(StaticKeyPair.generate(), RouterEndpoint.PROLOGUE);
                    p.send(new Frame(FrameKind.HANDSHAKE_1, noise.writeMessage(new byte[0])).encode());
                }
            })) {
                during = new Probe(master, "during").run(FLOOD_MILLIS);
                System.out.println("  flood connections: " + flood.attempts.get());
            }
            Counters c = master.router.counters();
            assertTrue(c.dropped(Counters.Drop.HANDSHAKE_RATE_ADDRESS) > 0, c.toString());
            report("finding 2b (many connections of one address)", during, master.router.frameBytesPeak(), master);
            assertTrue(during.worst() < 1000, during.toString());
            Probe after = new Probe(master, "after").run(500);
            System.out.println("  " + after);
            assertTrue(after.worst() < 1000, after.toString());
        }
    }

    @Test
    void oneAddressHoldsOnlyItsShareOfHandshakesAndGetsThemBackWhenItsConnectionsClose() throws Exception {
        RouterLimits limits = RouterLimits.DEFAULTS.withMaxHandshakesPerAddress(20);
        try (EchoMaster master = new EchoMaster(limits, failure -> {
        }).withClient()) {
            List<RawZmtpPeer> holders = new ArrayList<>();
            try {
                for (int i = 0; i < 40; i++) { // each begins a handshake and never sends message 3
                    RawZmtpPeer p = RawZmtpPeer.connect(master.router.port(), "127.0.0.2").greet();
                    p.send(new Frame(FrameKind.HANDSHAKE_1, NoiseXX.initiator(StaticKeyPair.generate(),
                            RouterEndpoint.PROLOGUE).writeMessage(new byte[0])).encode());
                    holders.add(p);
                }
                long until = System.nanoTime() + 5_000_000_000L;
                while (master.router.counters().dropped(Counters.Drop.HANDSHAKES_IN_FLIGHT) < 20
                        && System.nanoTime() < until) {
                    master.router.sync(); // the last messages may still be on their way
                }
                assertEquals(20, master.router.counters().dropped(Counters.Drop.HANDSHAKES_IN_FLIGHT));
                assertTrue(master.freshHandshakeMillis("elsewhere") < 1000, "other addresses are not affected");
            } finally {
                holders.forEach(RawZmtpPeer::close);
            }
            long deadline = System.nanoTime() + 5_000_000_000L;
            boolean handshook = false;
            while (!handshook && System.nanoTime() < deadline) { // closing is seen by the master asynchronously
                try (RawZmtpPeer p = RawZmtpPeer.connect(master.router.port(), "127.0.0.2").greet()) {
                    p.handshake(StaticKeyPair.generate(), new Hello(Role.MINION, "back", "test"));
                    handshook = true;
                } catch (Exception e) {
                    // still counted as in flight: try again
                }
            }
            assertTrue(handshook, "the address's handshake slots came back when its connections closed");
        }
    }

    @Test
    void aPendingPeerMayOnlyPingAndItsLargeFramesAreRefusedUnread() throws Exception {
        try (EchoMaster master = new EchoMaster().withClient()) {
            byte[] bigPlaintext = new byte[1 << 20];
            new Random(11).nextBytes(bigPlaintext);
            byte[] smallPlaintext = MessageCodec.encode(new EventPost("grains", Map.of("k", "v")));
            Probe during;
            try (Flood flood = Flood.start(2, FLOOD_MILLIS, t -> {
                try (RawZmtpPeer p = RawZmtpPeer.connect(master.router.port()).greet()) {
                    SessionCipher cipher = p.handshake(StaticKeyPair.generate(),
                            new Hello(Role.MINION, "stranger-" + t, "test"));
                    for (int i = 0; i < 200; i++) {
                        p.send(Frame.sealed(cipher, smallPlaintext));
                    }
                    p.send(Frame.sealed(cipher, bigPlaintext));
                    p.closedByMaster();
                }
            })) {
                during = new Probe(master, "during").run(FLOOD_MILLIS);
            }
            Counters c = master.router.counters();
            assertTrue(c.dropped(Counters.Drop.FRAME_TOO_LARGE) > 0, c.toString());
            assertTrue(c.dropped(Counters.Drop.PENDING_PEER) > 0, c.toString());
            report("finding 3 (pending peer sending near-limit frames)", during, master.router.frameBytesPeak(),
                    master);
            assertTrue(during.worst() < 1000, during.toString());
            Probe after = new Probe(master, "after").run(500);
            System.out.println("  " + after);
            assertTrue(after.worst() < 1000, after.toString());
        }
    }

    @Test
    void randomBytesCloseTheirOwnConnectionOnly() throws Exception {
        try (EchoMaster master = new EchoMaster().withClient()) {
            List<Boolean> closed = new java.util.concurrent.CopyOnWriteArrayList<>();
            Probe during;
            try (Flood flood = Flood.start(4, FLOOD_MILLIS, t -> {
                Random random = new Random(t * 7919L + closed.size());
                byte[] junk = new byte[2048 + random.nextInt(4096)];
                random.nextBytes(junk);
                try (RawZmtpPeer p = RawZmtpPeer.connect(master.router.port())) {
                    if (random.nextBoolean()) {
                        p.greet();
                    }
                    p.sendRaw(junk);
                    closed.add(p.closedByMaster());
                }
            })) {
                during = new Probe(master, "during").run(FLOOD_MILLIS);
            }
            assertTrue(closed.size() > 50, "connections tried: " + closed.size());
            assertTrue(closed.stream().allMatch(b -> b), "every junk connection is closed by the master");
            Counters c = master.router.counters();
            assertTrue(c.dropped(Counters.Drop.PROTOCOL_ERROR) + c.dropped(Counters.Drop.FRAME_TOO_LARGE)
                    >= closed.size(), c.toString());
            assertEquals(0, c.dropped(Counters.Drop.INTERNAL_ERROR));
            report("finding 4 (random bytes, " + closed.size() + " connections)", during,
                    master.router.frameBytesPeak(), master);
            assertTrue(during.worst() < 1000, during.toString());
            Probe after = new Probe(master, "after").run(500);
            System.out.println("  " + after);
            assertTrue(after.worst() < 1000, after.toString());
        }
    }

    private static byte[] repeat(byte[] unit, int times) {
        byte[] out = new byte[unit.length * times];
        for (int i = 0; i < times; i++) {
            System.arraycopy(unit, 0, out, i * unit.length, unit.length);
        }
        return out;
    }

    private static void report(String what, Probe during, long framePeak, EchoMaster master) {
        System.out.println(what + ":\n  " + during + "\n  frame memory peak " + framePeak / 1024 + " KiB; "
                + EchoMaster.memory() + "\n  counters: " + master.router.counters());
    }
}
