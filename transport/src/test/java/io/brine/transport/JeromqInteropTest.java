package io.brine.transport;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.protocol.FilePush;
import io.brine.protocol.Frame;
import io.brine.protocol.FrameKind;
import io.brine.protocol.Hello;
import io.brine.protocol.Message;
import io.brine.protocol.MessageCodec;
import io.brine.protocol.Ping;
import io.brine.protocol.Pong;
import io.brine.protocol.Role;
import io.brine.protocol.Welcome;
import io.brine.protocol.crypto.NoiseXX;
import io.brine.protocol.crypto.SessionCipher;
import io.brine.protocol.crypto.StaticKeyPair;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.zeromq.SocketType;
import org.zeromq.ZContext;
import org.zeromq.ZMQ;

/**
 * Both ends of Brine's own ZMTP against ZeroMQ's reference Java implementation as the peer: JeroMQ's DEALER against
 * the master's router, and JeroMQ's ROUTER against the dealer's socket. Short frames and long ones (the 8-byte size
 * past 255 bytes, and past 1 MiB), multi-part messages refused, ZMTP 3.1 heartbeats (PING with a TTL and a context,
 * answered by PONG), and connections made again.
 */
class JeromqInteropTest {
    private static final TransportSettings SETTINGS = TransportSettings.DEFAULTS;
    private static final int MIB = 1 << 20;
    private final ZContext zmq = new ZContext(1);

    @AfterEach
    void close() {
        zmq.close();
    }

    // The master's router, JeroMQ's DEALER as the peer.

    @Test
    void aJeromqDealerHandshakesWithTheRouterAndSendsShortLongAndOverOneMibFrames() throws Exception {
        BlockingQueue<Message> heard = new LinkedBlockingQueue<>();
        try (RecordingMaster master = new RecordingMaster(heard)) {
            ZMQ.Socket dealer = dealer(master.port());
            SessionCipher cipher = handshake(dealer, "jeromq-minion");
            byte[] ping = Frame.sealed(cipher, MessageCodec.encode(new Ping(42)));
            assertTrue(ping.length <= 255, "a short frame: " + ping.length);
            dealer.send(ping);
            byte[] pong = dealer.recv();
            assertTrue(pong != null && pong.length <= 255, "a short frame back");
            assertEquals(new Pong(42), MessageCodec.decode(Frame.open(cipher, pong)));
            for (int size : new int[] {300, 3 * MIB / 2}) {
                FilePush push = new FilePush(size, "t" + size, "/f", 0, new byte[size], false, null, 0);
                byte[] frame = Frame.sealed(cipher, MessageCodec.encode(push));
                assertTrue(frame.length > 255, "a long frame: " + frame.length);
                dealer.send(frame);
                Message got = heard.poll(10, TimeUnit.SECONDS);
                FilePush back = assertInstanceOf(FilePush.class, got, "the " + size + "-byte push arrived");
                assertEquals(size, back.data().length);
            }
            assertEquals(0, master.router.counters().dropped(Counters.Drop.FRAME_TOO_LARGE));
        }
    }

    @Test
    void theRouterDropsAJeromqDealersMultiPartMessageAndReadsTheNextOne() throws Exception {
        BlockingQueue<Message> heard = new LinkedBlockingQueue<>();
        try (RecordingMaster master = new RecordingMaster(heard)) {
            ZMQ.Socket dealer = dealer(master.port());
            SessionCipher cipher = handshake(dealer, "jeromq-parts");
            byte[] first = Frame.sealed(cipher, MessageCodec.encode(new FilePush(1, "a", "/a", 0, new byte[1], false,
                    null, 0)));
            dealer.sendMore(first);
            dealer.sendMore(new byte[300]);
            dealer.send(new byte[2]);
            dealer.send(Frame.sealed(cipher, MessageCodec.encode(new FilePush(2, "b", "/b", 0, new byte[2], false,
                    null, 0))));
            FilePush after = assertInstanceOf(FilePush.class, heard.poll(10, TimeUnit.SECONDS));
            assertEquals(2, after.requestId(), "the three parts were dropped, the one-frame message after them read");
            assertEquals(1, master.router.counters().dropped(Counters.Drop.MULTIPART), "counted once a message");
        }
    }

    @Test
    void theRouterAnswersAJeromqDealersHeartbeatsSoItKeepsItsConnection() throws Exception {
        try (RecordingMaster master = new RecordingMaster(new LinkedBlockingQueue<>())) {
            ZMQ.Socket dealer = zmq.createSocket(SocketType.DEALER);
            dealer.setLinger(0);
            dealer.setReceiveTimeOut(10_000);
            // a PING not answered within the timeout costs JeroMQ the connection; a second leaves room for a
            // loaded machine (at 200 ms the greeting itself was missed under the full suite) and still lets twenty
            // PINGs span two timeouts
            dealer.setHeartbeatIvl(100);
            dealer.setHeartbeatTimeout(1000);
            dealer.setHeartbeatTtl(1000);
            dealer.setHeartbeatContext(new byte[] {7, 7});
            ZMQ.Socket events = monitor(dealer);
            dealer.connect("tcp://127.0.0.1:" + master.port());
            assertNotNull(greeting(dealer), "greeted");
            drain(events); // how it connected (again, if JeroMQ stalled on its first connection) is not the question
            long before = master.router.framesRead();
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (master.router.framesRead() - before < 20 && System.nanoTime() < deadline) {
                Thread.sleep(20); // polling until twenty PINGs have been read: two heartbeat timeouts
            }
            assertTrue(master.router.framesRead() - before >= 20, "PINGs read: " + (master.router.framesRead()
                    - before));
            assertEquals(0, connectedEvents(events), "JeroMQ kept its connection: every PING was answered");
        }
    }

    @Test
    void aJeromqDealerIsGreetedAgainByARouterThatRestartedOnItsPort() throws Exception {
        RecordingMaster first = new RecordingMaster(new LinkedBlockingQueue<>());
        int port = first.port();
        ZMQ.Socket dealer = dealer(port);
        assertGreeting(greeting(dealer));
        first.close();
        try (RecordingMaster second = new RecordingMaster(new LinkedBlockingQueue<>(), first.key, port)) {
            assertGreeting(greeting(dealer)); // JeroMQ connected again, and the new router greeted it
            SessionCipher cipher = handshake(dealer, "jeromq-back", false);
            assertNotNull(cipher, "and a session works on the new connection");
        }
    }

    // The dealer's socket, JeroMQ's ROUTER as the peer.

    @Test
    void theDealerReadsShortLongAndOverOneMibFramesFromAJeromqRouterAndDropsMultiPartOnes() throws Exception {
        ZMQ.Socket router = router();
        int port = router.bindToRandomPort("tcp://127.0.0.1");
        try (LoopDealer dealer = new LoopDealer(port)) {
            byte[] identity = dealer.introduce(router);
            for (int size : new int[] {10, 300, 3 * MIB / 2}) {
                router.sendMore(identity);
                router.send(filled(size));
                assertEquals(size, dealer.frames.poll(10, TimeUnit.SECONDS), "a frame of " + size + " bytes");
            }
            router.sendMore(identity);
            router.sendMore(filled(300));
            router.send(filled(2));
            router.sendMore(identity);
            router.send(filled(5));
            assertEquals(5, dealer.frames.poll(10, TimeUnit.SECONDS), "the parts dropped, the next frame read");
            assertEquals(1, dealer.counters.dropped(DealerCounters.Drop.MULTIPART));
            assertEquals(1, dealer.socket.get().connections(), "no frame cost the connection");
        }
    }

    @Test
    void theDealerAnswersAJeromqRoutersHeartbeatsWithPongsAndKeepsItsConnection() throws Exception {
        ZMQ.Socket router = router();
        router.setHeartbeatIvl(50);
        router.setHeartbeatTimeout(200);
        router.setHeartbeatTtl(2000);
        router.setHeartbeatContext(new byte[] {1, 2, 3});
        ZMQ.Socket events = monitor(router);
        int port = router.bindToRandomPort("tcp://127.0.0.1");
        try (LoopDealer dealer = new LoopDealer(port)) {
            byte[] identity = dealer.introduce(router);
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (dealer.pings() < 20 && System.nanoTime() < deadline) {
                Thread.sleep(20); // waiting for twenty PINGs: ten of the router's heartbeat timeouts
            }
            assertTrue(dealer.pings() >= 20, "PINGs answered: " + dealer.pings());
            router.sendMore(identity);
            router.send(filled(7));
            assertEquals(7, dealer.frames.poll(10, TimeUnit.SECONDS), "the connection still carries frames");
            assertEquals(1, dealer.socket.get().connections());
            assertEquals(1, acceptedEvents(events), "JeroMQ never dropped the connection for a missing PONG");
        }
    }

    @Test
    void aDealerWhoseJeromqRouterIsReplacedConnectsAgainAndHandshakesThere() throws Exception {
        ZMQ.Socket first = router();
        int port = first.bindToRandomPort("tcp://127.0.0.1");
        try (TransportRuntime runtime = new TransportRuntime("interop-reconnect");
                DealerEndpoint minion = new DealerEndpoint(runtime, "tcp://localhost:" + port,
                        StaticKeyPair.generate(), new Hello(Role.MINION, "m1", "test"), serverKey -> null,
                        SETTINGS.withBackoff(Duration.ofMillis(20), Duration.ofMillis(100)))) {
            minion.start(message -> {
            });
            assertHandshakeBegins(first);
            zmq.destroySocket(first);
            ZMQ.Socket second = router();
            bindWhenFree(second, port);
            assertHandshakeBegins(second);
            assertEquals(2, minion.socketsOpened(), "one connection to each router, the name resolved for each");
        }
    }

    // Helpers.

    private ZMQ.Socket dealer(int port) {
        ZMQ.Socket dealer = zmq.createSocket(SocketType.DEALER);
        dealer.setLinger(0);
        dealer.setReceiveTimeOut(10_000);
        // JeroMQ 0.6.0 sometimes never speaks on a fresh connection (jeromq#1022, docs/performance.md) and would wait
        // out its 30 s ZMTP handshake interval; at 2 s it gives such a connection up and connects again in time.
        dealer.setHandshakeIvl(2_000);
        dealer.connect("tcp://127.0.0.1:" + port);
        return dealer;
    }

    private ZMQ.Socket router() {
        ZMQ.Socket router = zmq.createSocket(SocketType.ROUTER);
        router.setLinger(0);
        router.setReceiveTimeOut(10_000);
        return router;
    }

    /** JeroMQ lets go of a closed socket's port on its own I/O thread: binding it again may wait a moment. */
    private static void bindWhenFree(ZMQ.Socket socket, int port) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (true) {
            try {
                socket.bind("tcp://127.0.0.1:" + port);
                return;
            } catch (org.zeromq.ZMQException e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
                Thread.sleep(20);
            }
        }
    }

    private ZMQ.Socket monitor(ZMQ.Socket socket) {
        String address = "inproc://monitor-" + System.identityHashCode(socket);
        socket.monitor(address, ZMQ.EVENT_CONNECTED | ZMQ.EVENT_ACCEPTED | ZMQ.EVENT_DISCONNECTED);
        ZMQ.Socket events = zmq.createSocket(SocketType.PAIR);
        events.connect(address);
        events.setReceiveTimeOut(0);
        return events;
    }

    private static int connectedEvents(ZMQ.Socket events) {
        return count(events, ZMQ.EVENT_CONNECTED);
    }

    private static int acceptedEvents(ZMQ.Socket events) {
        return count(events, ZMQ.EVENT_ACCEPTED);
    }

    /** Events of {@code kind} seen so far; fails on a disconnection. */
    private static int count(ZMQ.Socket events, int kind) {
        int n = 0;
        ZMQ.Event event;
        while ((event = ZMQ.Event.recv(events, ZMQ.DONTWAIT)) != null) {
            assertTrue(event.getEvent() != ZMQ.EVENT_DISCONNECTED, "JeroMQ lost its connection");
            n += event.getEvent() == kind ? 1 : 0;
        }
        return n;
    }

    private static SessionCipher handshake(ZMQ.Socket dealer, String id) throws Exception {
        return handshake(dealer, id, true);
    }

    /** A Noise XX handshake as an initiator over JeroMQ, up to the master's welcome; returns the session's cipher. */
    private static SessionCipher handshake(ZMQ.Socket dealer, String id, boolean greeting) throws Exception {
        NoiseXX noise = NoiseXX.initiator(StaticKeyPair.generate(), RouterEndpoint.PROLOGUE);
        if (greeting) {
            assertGreeting(greeting(dealer));
        }
        dealer.send(new Frame(FrameKind.HANDSHAKE_1, noise.writeMessage(new byte[0])).encode());
        Frame two = Frame.decode(dealer.recv(), 65_536);
        assertEquals(FrameKind.HANDSHAKE_2, two.kind());
        noise.readMessage(two.body());
        byte[] three = noise.writeMessage(MessageCodec.encode(new Hello(Role.MINION, id, "test")));
        SessionCipher cipher = noise.split();
        dealer.send(new Frame(FrameKind.HANDSHAKE_3, three).encode());
        byte[] raw = dealer.recv();
        Welcome welcome = assertInstanceOf(Welcome.class, MessageCodec.decode(Frame.open(cipher, raw)));
        assertEquals(io.brine.protocol.KeyStatus.ACCEPTED, welcome.status());
        return cipher;
    }

    /**
     * The router's greeting. JeroMQ 0.6.0 sometimes never speaks on a fresh connection (jeromq#1022, the peer's bug:
     * its connecter's cancelled selection key undoes the engine's; see docs/performance.md), and then waits for
     * ever; as Brine's own dealer once did with it, such a connection is made again, at most twice. It is the peer
     * that is worked around: whatever the router sends is still asserted as it arrives.
     */
    private static byte[] greeting(ZMQ.Socket dealer) {
        String endpoint = dealer.getLastEndpoint();
        int timeout = dealer.getReceiveTimeOut();
        dealer.setReceiveTimeOut(3_000);
        try {
            for (int attempt = 0; attempt < 3; attempt++) {
                byte[] raw = dealer.recv();
                if (raw != null) {
                    return raw;
                }
                dealer.disconnect(endpoint);
                dealer.connect(endpoint);
            }
            return null;
        } finally {
            dealer.setReceiveTimeOut(timeout);
        }
    }

    /** Forgets the events seen so far. */
    private static void drain(ZMQ.Socket events) {
        while (ZMQ.Event.recv(events, ZMQ.DONTWAIT) != null) {
            // only what comes after matters
        }
    }

    private static void assertGreeting(byte[] raw) throws Exception {
        assertNotNull(raw, "greeted");
        Frame greeting = Frame.decode(raw, 1024);
        assertEquals(FrameKind.RESET, greeting.kind());
        assertArrayEquals(RouterEndpoint.GREETING, greeting.body());
    }

    private static void assertHandshakeBegins(ZMQ.Socket router) throws Exception {
        assertNotNull(router.recv(), "the dealer's routing id");
        byte[] first = router.recv();
        assertNotNull(first, "the dealer's first frame");
        assertEquals(FrameKind.HANDSHAKE_1, Frame.kindOf(first, first.length, 1024));
    }

    private static byte[] filled(int size) {
        byte[] b = new byte[size];
        java.util.Arrays.fill(b, (byte) size);
        return b;
    }

    /** A real router that accepts every key and hands up every message. */
    private static final class RecordingMaster implements AutoCloseable {
        final StaticKeyPair key;
        final TransportRuntime runtime = new TransportRuntime("interop-master");
        final RouterEndpoint router;

        RecordingMaster(BlockingQueue<Message> heard) throws InterruptedException {
            this(heard, StaticKeyPair.generate(), 0);
        }

        RecordingMaster(BlockingQueue<Message> heard, StaticKeyPair key, int port) throws InterruptedException {
            this.key = key;
            router = new RouterEndpoint(runtime, "tcp://127.0.0.1:" + (port == 0 ? "*" : port), key,
                    TestMaster.acceptAll(), SETTINGS);
            router.start(new RouterListener() {
                @Override
                public void onSession(Session session) {
                }

                @Override
                public void onMessage(Session session, Message message) {
                    heard.add(message);
                }

                @Override
                public void onClosed(Session session, String reason) {
                }
            });
        }

        int port() {
            return router.port();
        }

        @Override
        public void close() {
            router.close();
            runtime.close();
        }
    }

    /** The dealer's socket alone, on a loop of its own, recording the sizes of the frames it hands up. */
    private static final class LoopDealer implements AutoCloseable {
        final DealerLoop loop = new DealerLoop("interop-dealer");
        final DealerCounters counters = new DealerCounters();
        final BlockingQueue<Integer> frames = new LinkedBlockingQueue<>();
        final AtomicReference<DealerSocket> socket = new AtomicReference<>();

        LoopDealer(int port) throws InterruptedException {
            socket.set(new DealerSocket(loop, key -> socket.get().onReady(key, (raw, length) -> frames.add(length)),
                    null, SETTINGS, new FrameBuffers(), counters, reason -> {
                    }));
            onLoop(() -> {
                try {
                    socket.get().open("tcp://127.0.0.1", new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }

        /** Sends one frame so that the router learns the dealer's routing id; returns it. */
        byte[] introduce(ZMQ.Socket router) throws InterruptedException {
            onLoop(() -> socket.get().send(FrameKind.SEALED, new byte[] {1}));
            byte[] identity = router.recv();
            assertNotNull(identity, "the dealer's routing id");
            assertArrayEquals(new byte[] {1}, router.recv());
            return identity;
        }

        long pings() throws InterruptedException {
            long[] n = new long[1];
            onLoop(() -> n[0] = socket.get().pings());
            return n[0];
        }

        void onLoop(Runnable task) throws InterruptedException {
            CountDownLatch done = new CountDownLatch(1);
            assertTrue(loop.execute(() -> {
                try {
                    task.run();
                } finally {
                    done.countDown();
                }
            }));
            assertTrue(done.await(10, TimeUnit.SECONDS), "the loop ran the task");
        }

        @Override
        public void close() {
            loop.close();
        }
    }
}
