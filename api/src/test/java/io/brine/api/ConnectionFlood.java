package io.brine.api;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A flood of the test's own against a listener on 127.0.0.1: {@code idle} connections that never send a byte and
 * {@code slow} ones that send a request's headers a byte every 250 ms and never finish them, opened without
 * waiting (non-blocking connects) from the given source addresses in turn, on one thread, which then keeps the slow
 * ones trickling until closed. Connections the server closes are not made again. Bounded: the count given, and
 * the life of the test; closed with a reset, so that thousands of them leave no TIME_WAIT behind to use up ports.
 */
final class ConnectionFlood implements AutoCloseable {
    private static final byte[] SLOW_START = "GET /keys HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "
            .getBytes(StandardCharsets.US_ASCII);
    private static final long TRICKLE_MILLIS = 250;

    /** Connections opened (connect begun) so far. */
    final AtomicInteger opened = new AtomicInteger();
    /** Slow connections found closed by the server while trickling. */
    final AtomicInteger cutOff = new AtomicInteger();
    private final CountDownLatch allOpened = new CountDownLatch(1);
    private final List<SocketChannel> channels = new ArrayList<>();
    private final List<Slow> slow = new ArrayList<>();
    private final Thread thread;
    private volatile boolean stopped;
    private volatile IOException failure;

    private static final class Slow {
        final SocketChannel channel;
        boolean started;

        Slow(SocketChannel channel) {
            this.channel = channel;
        }
    }

    private ConnectionFlood(int port, List<InetAddress> sources, int idle, int slowCount) {
        thread = new Thread(() -> run(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), sources, idle,
                slowCount), "connection-flood");
        thread.setDaemon(true);
    }

    /** Starts opening {@code idle} + {@code slow} connections to {@code port}, interleaved, from {@code sources}. */
    static ConnectionFlood start(int port, List<InetAddress> sources, int idle, int slow) {
        ConnectionFlood flood = new ConnectionFlood(port, sources, idle, slow);
        flood.thread.start();
        return flood;
    }

    /** Waits (up to {@code seconds}) until every connection has been opened; false if it failed or took longer. */
    boolean awaitOpened(long seconds) throws InterruptedException {
        return allOpened.await(seconds, TimeUnit.SECONDS) && failure == null;
    }

    IOException failure() {
        return failure;
    }

    private void run(InetSocketAddress target, List<InetAddress> sources, int idle, int slowCount) {
        int total = idle + slowCount;
        int everySlow = slowCount == 0 ? Integer.MAX_VALUE : Math.max(1, total / slowCount);
        try {
            for (int i = 0; i < total && !stopped; i++) {
                SocketChannel c = SocketChannel.open();
                channels.add(c);
                c.configureBlocking(false);
                c.setOption(StandardSocketOptions.SO_LINGER, 0);
                c.bind(new InetSocketAddress(sources.get(i % sources.size()), 0));
                c.connect(target);
                opened.incrementAndGet();
                if (i % everySlow == 0 && slow.size() < slowCount) {
                    slow.add(new Slow(c));
                }
            }
        } catch (IOException e) {
            failure = e;
        } finally {
            allOpened.countDown();
        }
        while (!stopped) {
            trickle();
            try {
                Thread.sleep(TRICKLE_MILLIS); // the pace of the attack, not a synchronisation
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void trickle() {
        for (Slow s : slow) {
            if (!s.channel.isOpen()) {
                continue;
            }
            try {
                if (s.channel.isConnectionPending() && !s.channel.finishConnect()) {
                    continue;
                }
                s.channel.write(ByteBuffer.wrap(s.started ? new byte[] {'a'} : SLOW_START));
                s.started = true;
            } catch (IOException closedByServer) {
                cutOff.incrementAndGet();
                closeQuietly(s.channel);
            }
        }
    }

    @Override
    public void close() throws InterruptedException {
        stopped = true;
        thread.interrupt();
        thread.join(10_000);
        for (SocketChannel c : channels) {
            closeQuietly(c);
        }
    }

    private static void closeQuietly(SocketChannel c) {
        try {
            c.close();
        } catch (IOException e) {
            // going anyway
        }
    }
}
