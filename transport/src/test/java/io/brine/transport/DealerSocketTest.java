package io.brine.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.protocol.Hello;
import io.brine.protocol.KeyStatus;
import io.brine.protocol.Role;
import io.brine.protocol.crypto.StaticKeyPair;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The dealer's own ZMTP client against masters that are not: what it sends a stranger, and what a stranger's bytes
 * cost it (its connection, never its loop or another dealer's session). The "masters" here are plain sockets of
 * the test's own, bounded in connections and time.
 */
class DealerSocketTest {
    private static final TransportSettings SETTINGS = TransportSettings.DEFAULTS;
    private final TransportRuntime runtime = new TransportRuntime("dealer-socket-test");

    @AfterEach
    void closeRuntime() {
        runtime.close();
    }

    private DealerEndpoint dealer(int port, String id) {
        DealerEndpoint d = new DealerEndpoint(runtime, "tcp://127.0.0.1:" + port, StaticKeyPair.generate(),
                new Hello(Role.MINION, id, "test"), serverKey -> null, SETTINGS);
        d.start(message -> {
        });
        return d;
    }

    @Test
    void itGreetsAsAZmtpDealerAndWaitsForTheMastersReadyBeforeAnyFrame() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 5, InetAddress.getLoopbackAddress());
                DealerEndpoint d = dealer(server.getLocalPort(), "greets")) {
            server.setSoTimeout(10_000);
            try (Socket s = server.accept()) {
                s.setSoTimeout(10_000);
                DataInputStream in = new DataInputStream(s.getInputStream());
                byte[] greeting = new byte[ZmtpGreeting.LENGTH];
                in.readFully(greeting);
                ZmtpGreeting.checkPeer(greeting);
                assertEquals(ZmtpFrameReader.COMMAND, in.readUnsignedByte(), "a short command frame follows");
                byte[] ready = new byte[in.readUnsignedByte()];
                in.readFully(ready);
                ZmtpGreeting.checkReady(ready, "DEALER");
                // No message before our greeting and READY: the handshake's first message waits for them.
                s.setSoTimeout(300);
                assertTrue(timesOut(in), "the dealer sent a frame before the master was ready");
                greetAsAMaster(s.getOutputStream());
                s.setSoTimeout(10_000);
                int flags = in.readUnsignedByte();
                assertEquals(0, flags, "a one-frame message");
                byte[] first = new byte[in.readUnsignedByte()];
                in.readFully(first);
                assertEquals(io.brine.protocol.FrameKind.HANDSHAKE_1,
                        io.brine.protocol.Frame.kindOf(first, first.length, 1024), "the handshake begins");
            }
        }
    }

    @Test
    void garbageFromAMasterCostsTheConnectionAndNeitherTheLoopNorAnotherDealersSession() throws Exception {
        Random random = new Random(42);
        try (ServerSocket liar = new ServerSocket(0, 5, InetAddress.getLoopbackAddress());
                TestMaster master = TestMaster.start(TestMaster.acceptAll(), SETTINGS);
                DealerEndpoint fooled = new DealerEndpoint(runtime, "tcp://127.0.0.1:" + liar.getLocalPort(),
                        StaticKeyPair.generate(), new Hello(Role.MINION, "fooled", "test"), serverKey -> null,
                        // its handshake waits all along: the connections counted are the socket's own
                        SETTINGS.withFirstHandshakeTimeout(Duration.ofSeconds(60)))) {
            fooled.start(message -> {
            });
            liar.setSoTimeout(10_000);
            for (int i = 0; i < 3; i++) {
                try (Socket s = liar.accept()) {
                    byte[] junk = new byte[4096];
                    random.nextBytes(junk);
                    if (i == 2) {
                        // a valid greeting, then a frame header claiming 1 GiB: refused before a byte of its body
                        byte[] header = {ZmtpFrameReader.LONG, 0, 0, 0, 0, 0x40, 0, 0, 0};
                        junk = concat(ZmtpGreeting.greeting(), header);
                    }
                    s.getOutputStream().write(junk);
                    s.setSoTimeout(10_000);
                    assertTrue(readsToTheEnd(s.getInputStream()), "the dealer closed connection " + i);
                }
            }
            DealerEndpoint honest = new DealerEndpoint(runtime, "tcp://127.0.0.1:" + master.router.port(),
                    StaticKeyPair.generate(), new Hello(Role.MINION, "honest", "test"), serverKey -> null, SETTINGS);
            try (honest) {
                honest.start(message -> {
                });
                assertEquals(KeyStatus.ACCEPTED, honest.awaitStatus(Duration.ofSeconds(10)),
                        "the loop that served the liar serves an honest session");
            }
            DealerCounters dropped = fooled.counters();
            assertTrue(dropped.dropped(DealerCounters.Drop.PROTOCOL_ERROR) >= 2, dropped.toString());
            assertEquals(1, dropped.dropped(DealerCounters.Drop.FRAME_TOO_LARGE), "the 1 GiB header: " + dropped);
        }
    }

    @Test
    void aMasterThatStopsReadingCostsTheDealerNoMoreThanItsQueueBound() throws Exception {
        DealerLoop loop = new DealerLoop("stops-reading");
        try (loop; ServerSocket server = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            java.util.concurrent.atomic.AtomicReference<DealerSocket> socket =
                    new java.util.concurrent.atomic.AtomicReference<>();
            DealerCounters counters = new DealerCounters();
            socket.set(new DealerSocket(loop, key -> socket.get().onReady(key, (raw, length) -> {
            }), null, SETTINGS, new FrameBuffers(), counters, reason -> {
            }));
            onLoop(loop, () -> {
                try {
                    socket.get().open("tcp://127.0.0.1", new java.net.InetSocketAddress(InetAddress.getLoopbackAddress(),
                            server.getLocalPort()));
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            server.setSoTimeout(10_000);
            try (Socket s = server.accept()) {
                s.setSoTimeout(10_000);
                new DataInputStream(s.getInputStream()).readFully(new byte[ZmtpGreeting.LENGTH + 2]);
                OutputStream out = s.getOutputStream();
                greetAsAMaster(out);
                // ... and never reads again: 400 frames of 1 MiB are offered, a turn at a time.
                for (int i = 0; i < 400; i++) {
                    onLoop(loop, () -> socket.get().send(io.brine.protocol.FrameKind.SEALED, new byte[1 << 20]));
                }
                long[] held = new long[3];
                onLoop(loop, () -> {
                    held[0] = socket.get().queuedBytes();
                    held[1] = counters.dropped(DealerCounters.Drop.QUEUE_FULL);
                    held[2] = socket.get().queuedFrames();
                });
                assertTrue(held[0] <= 64L << 20, "queued " + held[0] + " bytes");
                // what the kernel's buffers took went out; the rest past the bound was dropped, and counted
                assertTrue(held[1] >= 400 - 64 - 32, "dropped " + held[1]);

                // 100,000 PINGs from a peer that does not read: each PONG is queued within the same bounds (the
                // high-water mark of 100,000 frames, 64 MiB) or dropped and counted, never queued past them
                byte[] ping = {ZmtpFrameReader.COMMAND, 7, 4, 'P', 'I', 'N', 'G', 0, 0};
                byte[] pings = new byte[ping.length * 100_000];
                for (int i = 0; i < 100_000; i++) {
                    System.arraycopy(ping, 0, pings, i * ping.length, ping.length);
                }
                out.write(pings);
                out.flush();
                long deadline = System.nanoTime() + 10_000_000_000L;
                long[] now = new long[4];
                do {
                    onLoop(loop, () -> {
                        now[0] = socket.get().queuedBytes();
                        now[1] = counters.dropped(DealerCounters.Drop.QUEUE_FULL);
                        now[2] = socket.get().queuedFrames();
                        now[3] = socket.get().pings();
                    });
                } while (now[3] < 100_000 && System.nanoTime() < deadline);
                assertEquals(100_000, now[3], "every PING read and answered");
                assertTrue(now[2] <= SETTINGS.highWaterMark(), "queued " + now[2] + " frames");
                assertTrue(now[0] <= 64L << 20, "queued " + now[0] + " bytes");
            }
        }
    }

    /** Runs {@code task} on the loop's thread and waits for it. */
    private static void onLoop(DealerLoop loop, Runnable task) throws InterruptedException {
        java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(1);
        assertTrue(loop.execute(() -> {
            try {
                task.run();
            } finally {
                done.countDown();
            }
        }));
        assertTrue(done.await(10, java.util.concurrent.TimeUnit.SECONDS), "the loop ran the task");
    }

    /**
     * A master whose host accepts connections but which never greets them (too busy to): each connection the dealer
     * gives up on waits twice as long as the one before, instead of piling up connections at a steady rate.
     */
    @Test
    void connectionsAMasterAcceptsButNeverGreetsAreGivenUpOnMoreAndMoreSlowly() throws Exception {
        TransportSettings quick = SETTINGS.withFirstHandshakeTimeout(Duration.ofMillis(300))
                .withBackoff(Duration.ofMillis(20), Duration.ofMillis(40));
        try (ServerSocket busy = new ServerSocket(0, 5, InetAddress.getLoopbackAddress());
                DealerEndpoint d = new DealerEndpoint(runtime, "tcp://127.0.0.1:" + busy.getLocalPort(),
                        StaticKeyPair.generate(), new Hello(Role.MINION, "patient", "test"), serverKey -> null, quick)) {
            d.start(message -> {
            });
            busy.setSoTimeout(10_000);
            long[] lived = new long[3];
            for (int i = 0; i < lived.length; i++) {
                try (Socket s = busy.accept()) {
                    long accepted = System.nanoTime();
                    s.setSoTimeout(10_000);
                    assertTrue(readsToTheEnd(s.getInputStream()), "the dealer gave up on connection " + i);
                    lived[i] = (System.nanoTime() - accepted) / 1_000_000;
                }
            }
            assertTrue(lived[0] < 1_000, "the first waits the first handshake timeout: " + lived[0] + " ms");
            assertTrue(lived[2] >= 1_100, "the third waits four times as long: " + java.util.Arrays.toString(lived));
        }
    }

    /** Sends what a master's side sends a dealer: its ZMTP greeting and READY as a ROUTER. */
    private static void greetAsAMaster(OutputStream out) throws IOException {
        out.write(ZmtpGreeting.greeting());
        byte[] ready = ZmtpGreeting.ready("ROUTER");
        out.write(new byte[] {ZmtpFrameReader.COMMAND, (byte) ready.length});
        out.write(ready);
        out.flush();
    }

    /** True if nothing arrives (nor the end) within the socket's timeout. */
    private static boolean timesOut(InputStream in) throws IOException {
        try {
            in.read();
            return false;
        } catch (SocketTimeoutException e) {
            return true;
        }
    }

    /** Reads until the peer closes; false if it has not within the socket's timeout. */
    private static boolean readsToTheEnd(InputStream in) throws IOException {
        byte[] sink = new byte[4096];
        try {
            while (in.read(sink) >= 0) {
                // what the dealer sends before it hangs up: its greeting and READY
            }
            return true;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            return true; // reset by the peer: closed too
        }
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
