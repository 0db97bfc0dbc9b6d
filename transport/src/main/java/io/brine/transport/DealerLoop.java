package io.brine.transport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.zeromq.SocketType;
import org.zeromq.ZContext;
import org.zeromq.ZMQ;

/**
 * One I/O thread, one ZeroMQ context and one selector shared by every {@link DealerEndpoint} of a
 * {@link TransportRuntime}.
 *
 * <p>A minion process has one dealer, and this costs it nothing. A process hosting many (a benchmark swarm, a
 * test cluster, an orchestrator embedding minions) would otherwise pay per dealer a thread, a context with its
 * own I/O and reaper threads, a wake-up pipe and a poller: at 1,000 minions that is 4,000 threads and some
 * 15,000 descriptors, over the per-process limit. Here the cost per dealer is its socket.
 *
 * <p>The loop waits on each socket's ZeroMQ descriptor with one {@link Selector}, so a wake-up costs in
 * proportion to the sockets that are ready, not to all of them (JeroMQ's own poller visits every socket on every
 * call). That descriptor only says "look at the socket": a send can consume its signal while a message is
 * already waiting, so every socket that sent is read again before the loop sleeps, and all are read once a
 * second as a safety net.
 */
final class DealerLoop implements AutoCloseable {
    private static final Logger LOG = System.getLogger(DealerLoop.class.getName());
    /** Timers (reconnects, handshake deadlines, heartbeats) are checked this often. */
    private static final long TICK_MILLIS = 20;
    private static final long SWEEP_MILLIS = 1000;
    /**
     * Dealers one process may hold. JeroMQ allocates a slot (a boxed Integer and a mailbox reference) for each
     * up front: at 65,535 that was 1.5 MiB of every minion's heap, for one socket. A process runs out of
     * descriptors first anyway (about 3 per socket; 20,000 per process here), and a swarm process hosts 2,000.
     */
    private static final int MAX_SOCKETS = 8_192;

    private final ZContext context = new ZContext(1);
    private final Selector selector;
    private final Outbox tasks;
    private final IdleWakeups idle = new IdleWakeups();
    private final Set<DealerEndpoint> endpoints = new LinkedHashSet<>();
    private final Set<DealerEndpoint> sent = new LinkedHashSet<>();
    private final Thread thread;
    private volatile boolean running = true;

    DealerLoop(String threadName) {
        // JeroMQ refuses the 1,025th socket of a context unless raised before the first one.
        context.getContext().setMaxSockets(MAX_SOCKETS);
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
        sent.remove(endpoint);
    }

    ZMQ.Socket newSocket() {
        return context.createSocket(SocketType.DEALER);
    }

    SelectionKey watch(ZMQ.Socket socket, DealerEndpoint endpoint) {
        try {
            return socket.getFD().register(selector, SelectionKey.OP_READ, endpoint);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot watch a dealer socket", e);
        }
    }

    void destroy(ZMQ.Socket socket, SelectionKey key) {
        if (key != null) {
            key.cancel();
        }
        context.destroySocket(socket);
    }

    /** The endpoint sent on its socket: read it again before sleeping (see the class comment). */
    void sent(DealerEndpoint endpoint) {
        sent.add(endpoint);
    }

    private void run() {
        long lastTick = 0;
        long lastSweep = MonotonicMillis.now();
        try {
            while (running) {
                boolean woken = selector.select(TICK_MILLIS) > 0;
                int frames = 0;
                for (SelectionKey key : selector.selectedKeys()) {
                    frames += readable((DealerEndpoint) key.attachment());
                }
                selector.selectedKeys().clear();
                int ran = tasks.runPending();
                long now = MonotonicMillis.now();
                if (now - lastTick >= TICK_MILLIS) {
                    lastTick = now;
                    boolean sweep = now - lastSweep >= SWEEP_MILLIS;
                    lastSweep = sweep ? now : lastSweep;
                    for (DealerEndpoint e : new ArrayList<>(endpoints)) {
                        Outbox.guarded(() -> e.tick(now, sweep));
                    }
                }
                frames += readAgainWhoSent();
                idle.after(woken, frames + ran > 0);
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

    /** Reads one dealer's socket, so that its failure stays its own (see {@link Outbox#guarded}); frames read. */
    private static int readable(DealerEndpoint endpoint) {
        try {
            return endpoint.onReadable();
        } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
            LOG.log(Level.ERROR, "reading a dealer's socket failed; the loop carries on", e);
            return 0;
        }
    }

    private int readAgainWhoSent() {
        int frames = 0;
        while (!sent.isEmpty()) {
            List<DealerEndpoint> batch = new ArrayList<>(sent);
            sent.clear();
            for (DealerEndpoint e : batch) {
                frames += readable(e);
            }
        }
        return frames;
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
        context.close();
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
