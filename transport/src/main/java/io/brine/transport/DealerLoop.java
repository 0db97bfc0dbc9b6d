package io.brine.transport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * One I/O thread and one selector shared by every {@link DealerEndpoint} of a {@link TransportRuntime}.
 *
 * <p>A minion process has one dealer, and this costs it nothing. A process hosting many (a benchmark swarm, a
 * test cluster, an orchestrator embedding minions) would otherwise pay a thread, a selector and a wake-up pipe
 * per dealer: at 1,000 minions, thousands of threads and descriptors. Here the cost per dealer is its
 * connection.
 *
 * <p>Each turn reads the connections that are ready, runs the tasks other threads handed in, ticks the dealers'
 * timers when the earliest of their deadlines has come, and then writes what the turn queued, one system call per
 * connection ({@link DealerSocket#flush}), so that a burst of frames to the master goes out together. The selector
 * waits for the next deadline (a heartbeat, a handshake's timeout, a reconnection), never on a fixed tick: an idle
 * minion's thread sleeps between its heartbeats instead of waking 50 times a second. Deadlines are kept at least
 * {@value #TICK_MILLIS} ms apart, so that a thousand dealers on one loop cost no more ticks than a timer would.
 */
final class DealerLoop implements AutoCloseable {
    /** Serves a connection the selector reported ready; the attachment of each key the loop watches. */
    @FunctionalInterface
    interface Ready {
        void onReady(SelectionKey key);
    }

    private static final Logger LOG = System.getLogger(DealerLoop.class.getName());
    /** The least time between two ticks of the dealers' timers. */
    private static final long TICK_MILLIS = 20;

    private final Selector selector;
    private final Outbox tasks;
    private final Set<DealerEndpoint> endpoints = new LinkedHashSet<>();
    private final List<DealerSocket> dirty = new ArrayList<>();
    /** Every connection of the loop reads through this one buffer, on the loop thread. */
    private final ByteBuffer readBuffer = ByteBuffer.allocateDirect(64 * 1024);
    private final Thread thread;
    private volatile boolean running = true;
    /** When the dealers' timers next need a tick; Long.MAX_VALUE when none is set. */
    private long nextTick = Long.MAX_VALUE;
    /** Turns the selector woke for (a test and a benchmark count an idle dealer's wake-ups). */
    private volatile long turns;

    DealerLoop(String threadName) {
        try {
            selector = Selector.open();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open a selector", e);
        }
        tasks = new Outbox(selector);
        thread = new Thread(this::run, threadName);
        thread.setDaemon(true);
        thread.start();
    }

    /** Runs {@code task} on the loop thread; callable from any thread. False if the loop has stopped. */
    boolean execute(Runnable task) {
        if (!running) {
            return false;
        }
        tasks.submit(task);
        return true;
    }

    boolean inLoop() {
        return Thread.currentThread() == thread;
    }

    // The methods below run on the loop thread only.

    void register(DealerEndpoint endpoint) {
        endpoints.add(endpoint);
    }

    void unregister(DealerEndpoint endpoint) {
        endpoints.remove(endpoint);
    }

    /** Watches {@code channel} for {@code ops}; {@code ready} serves it when the selector says so. */
    SelectionKey register(SocketChannel channel, int ops, Ready ready) throws ClosedChannelException {
        return channel.register(selector, ops, ready);
    }

    ByteBuffer readBuffer() {
        return readBuffer;
    }

    /** A dealer's timers need a tick at {@code deadline} (a {@link MonotonicMillis} time) or soon after. */
    void wakeBy(long deadline) {
        nextTick = Math.min(nextTick, deadline);
    }

    long turns() {
        return turns;
    }

    /** The socket queued output this turn: written at the end of the turn. */
    void dirty(DealerSocket socket) {
        dirty.add(socket);
    }

    private void run() {
        try {
            while (running) {
                long wait = nextTick == Long.MAX_VALUE ? 0 : nextTick - MonotonicMillis.now();
                if (wait > 0 || nextTick == Long.MAX_VALUE) {
                    selector.select(wait); // 0: until a connection or another thread wakes it
                } else {
                    selector.selectNow();
                }
                turns++;
                for (SelectionKey key : selector.selectedKeys()) {
                    ready((Ready) key.attachment(), key);
                }
                selector.selectedKeys().clear();
                tasks.runPending();
                long now = MonotonicMillis.now();
                if (now >= nextTick) {
                    nextTick = Long.MAX_VALUE;
                    for (DealerEndpoint e : new ArrayList<>(endpoints)) {
                        Outbox.guarded(() -> e.tick(now));
                    }
                    nextTick = Math.max(nextTick, now + TICK_MILLIS);
                }
                flushDirty();
            }
        } catch (ClosedSelectorException e) {
            // closed while stopping
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.ERROR, "dealer I/O thread failed", e);
        } finally {
            tasks.runPending();
            shutdown();
        }
    }

    /** Serves one dealer's connection, so that its failure stays its own (see {@link Outbox#guarded}). */
    private static void ready(Ready connection, SelectionKey key) {
        try {
            connection.onReady(key);
        } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
            LOG.log(Level.ERROR, "serving a dealer's connection failed; the loop carries on", e);
        }
    }

    private void flushDirty() {
        for (int i = 0; i < dirty.size(); i++) {
            DealerSocket socket = dirty.get(i);
            Outbox.guarded(socket::flush);
        }
        dirty.clear();
    }

    private void shutdown() {
        for (DealerEndpoint e : new ArrayList<>(endpoints)) {
            e.dropSocket();
        }
        endpoints.clear();
        try {
            selector.close();
        } catch (IOException e) {
            // nothing to do while stopping
        }
    }

    @Override
    public void close() {
        running = false;
        selector.wakeup();
        if (!inLoop()) {
            try {
                thread.join(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
