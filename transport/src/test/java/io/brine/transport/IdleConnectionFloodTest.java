package io.brine.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.protocol.Frame;
import io.brine.protocol.FrameKind;
import io.brine.protocol.Hello;
import io.brine.protocol.MessageCodec;
import io.brine.protocol.Role;
import io.brine.protocol.crypto.NoiseXX;
import io.brine.protocol.crypto.StaticKeyPair;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Issue 24, item 7d: idle connections (no handshake begun) never keep a new connection out, the operator's CLI on
 * the master's own host least of all. Over a cap, the oldest idle connection of the address (or of all) is closed
 * instead of the newcomer, counted; connections with a handshake under way are never the ones closed.
 */
class IdleConnectionFloodTest {
    private static final String OPERATOR_HOST = "127.0.0.1";

    @Test
    void idleConnectionsOverTheirAddressesCapCloseTheirOwnOldestAndTheCliGetsIn() throws Exception {
        RouterLimits limits = RouterLimits.DEFAULTS.withConnections(1_000, 50);
        try (EchoMaster master = new EchoMaster(limits, failure -> {
        })) {
            List<RawZmtpPeer> idle = new ArrayList<>();
            try {
                for (int i = 0; i < 60; i++) {
                    idle.add(RawZmtpPeer.connect(master.router.port(), OPERATOR_HOST));
                }
                awaitDropped(master, Counters.Drop.IDLE_EVICTED_FROM_ADDRESS, 10);
                for (int i = 0; i < 10; i++) {
                    assertTrue(idle.get(i).closedByMaster(), "idle connection " + i + " was among the oldest");
                }
                double cli = master.freshClientMillis("operator");
                System.out.println("CLI session behind 50 idle connections of its address: " + cli + " ms");
                assertTrue(cli < 1000, cli + " ms");
                Counters c = master.router.counters();
                assertEquals(11, c.dropped(Counters.Drop.IDLE_EVICTED_FROM_ADDRESS), c.toString());
                assertEquals(0, c.dropped(Counters.Drop.CONNECTION_REFUSED), c.toString());
            } finally {
                idle.forEach(RawZmtpPeer::close);
            }
        }
    }

    @Test
    void whenAllConnectionsAreTakenTheOldestIdleGoesAndAHandshakeUnderWayNever() throws Exception {
        RouterLimits limits = RouterLimits.DEFAULTS.withConnections(40, 40);
        try (EchoMaster master = new EchoMaster(limits, failure -> {
        })) {
            List<RawZmtpPeer> held = new ArrayList<>();
            NoiseXX first = null;
            byte[] firstAnswer = null;
            try {
                for (int i = 0; i < 20; i++) { // each begins a handshake, and waits
                    RawZmtpPeer p = RawZmtpPeer.connect(master.router.port(), "127.0.0.2").greet();
                    NoiseXX noise = NoiseXX.initiator(StaticKeyPair.generate(), RouterEndpoint.PROLOGUE);
                    p.send(new Frame(FrameKind.HANDSHAKE_1, noise.writeMessage(new byte[0])).encode());
                    byte[] message2 = p.readFrame(); // the handshake is under way
                    if (i == 0) {
                        first = noise;
                        firstAnswer = message2;
                    }
                    held.add(p);
                }
                for (int i = 0; i < 20; i++) {
                    held.add(RawZmtpPeer.connect(master.router.port(), "127.0.0." + (3 + i)));
                }
                awaitOpen(master, 40);
                double cli = master.freshClientMillis("operator");
                assertTrue(cli < 1000, cli + " ms");
                Counters c = master.router.counters();
                assertEquals(1, c.dropped(Counters.Drop.IDLE_EVICTED), c.toString());
                assertTrue(held.get(20).closedByMaster(), "the oldest idle connection made room");
                assertEquals(19, master.router.openConnections().idle());
                // The oldest connection of all, with its handshake under way, was kept: it finishes it now.
                first.readMessage(Frame.decode(firstAnswer, 1 << 20).body());
                held.get(0).send(new Frame(FrameKind.HANDSHAKE_3, first.writeMessage(MessageCodec.encode(
                        new Hello(Role.MINION, "first", "test")))).encode());
                assertTrue(held.get(0).readFrame().length > 0, "welcomed");
            } finally {
                held.forEach(RawZmtpPeer::close);
            }
        }
    }

    /**
     * The wave of the finding: more idle local connections than one address may hold (16,384 by default), from a child process
     * (this one's 20,000 descriptors would not hold both ends), while the operator's CLI starts session after
     * session from the same host: each is accepted and answered within a second, during the wave and after it.
     */
    @Test
    void aWaveOfIdleLocalConnectionsBeyondTheAddressesCapDoesNotKeepTheCliOut() throws Exception {
        // The default cap is 16,384 (the finding's wave); a smaller one makes the same wave arrive whole well within the
        // 10 s in which a connection must greet, however loaded the machine: past that, the sweep would close the
        // oldest before the cap was ever reached, and the test would prove nothing.
        int cap = 4_096;
        int wave = cap + 1_000;
        RouterLimits limits = RouterLimits.DEFAULTS.withConnections(RouterLimits.DEFAULTS.maxConnections(), cap);
        try (EchoMaster master = new EchoMaster(limits, failure -> { })) {
            master.freshClientMillis("warm"); // the first session loads classes in this JVM: not the master's doing
            Process flood = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Xmx64m", "-cp", Path.of(IdleFlood.class.getProtectionDomain().getCodeSource().getLocation()
                    .toURI()).toString(), IdleFlood.class.getName(), Integer.toString(master.router.port()),
                    Integer.toString(wave)).redirectErrorStream(true).start();
            List<Double> during = new ArrayList<>();
            List<Double> after = new ArrayList<>();
            String opened;
            try {
                BufferedReader out = new BufferedReader(new InputStreamReader(flood.getInputStream(),
                        StandardCharsets.UTF_8));
                long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                int n = 0;
                while (!waveArrived(master, wave - cap) && System.nanoTime() < giveUp) {
                    during.add(master.freshClientMillis("operator-" + n++));
                }
                opened = out.readLine();
                for (int i = 0; i < 5; i++) {
                    after.add(master.freshClientMillis("operator-after-" + i));
                }
            } finally {
                flood.getOutputStream().close();
                if (!flood.waitFor(10, TimeUnit.SECONDS)) {
                    flood.destroyForcibly();
                }
            }
            Counters c = master.router.counters();
            System.out.println("wave of " + wave + " idle connections (" + opened + "): CLI sessions during: median "
                    + EchoMaster.median(during) + " ms, max " + EchoMaster.max(during) + " ms, n=" + during.size()
                    + "; after: median " + EchoMaster.median(after) + " ms, max " + EchoMaster.max(after)
                    + " ms\n  counters: " + c);
            assertEquals("opened " + wave, opened);
            assertTrue(waveArrived(master, wave - cap), "the wave arrived: " + c);
            assertEquals(0, c.dropped(Counters.Drop.CONNECTION_REFUSED), c.toString());
            // Locked out, a session waited 5 to 8 s per wave, or was refused. Quiet, the slowest takes about 0.3 s; the
            // bound leaves room for a loaded 2-core machine, the figure itself is the bench's to measure.
            assertTrue(EchoMaster.max(during) < 3000 && EchoMaster.max(after) < 3000, during + " / " + after);
        }
    }

    /** Every connection of the wave beyond the cap has come, each closing an older idle one. */
    private static boolean waveArrived(EchoMaster master, int beyondCap) {
        Counters c = master.router.counters();
        return c.dropped(Counters.Drop.IDLE_EVICTED_FROM_ADDRESS) + c.dropped(Counters.Drop.CONNECTION_REFUSED)
                >= beyondCap;
    }

    private static void awaitDropped(EchoMaster master, Counters.Drop reason, long n) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (master.router.counters().dropped(reason) < n && System.nanoTime() < until) {
            master.router.sync();
        }
        assertEquals(n, master.router.counters().dropped(reason));
    }

    private static void awaitOpen(EchoMaster master, int n) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (master.router.openConnections().all() < n && System.nanoTime() < until) {
            master.router.sync();
        }
        assertEquals(n, master.router.openConnections().all());
    }
}
