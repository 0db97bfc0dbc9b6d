package io.brine.transport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.Selector;
import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;

/**
 * The router's socket loop: one I/O thread that binds the listening socket, then per turn reads what the
 * selector reports ({@link ZmtpServer}), runs the work other threads enqueued ({@link Outbox}, where other
 * carriers' threads put what their links received), writes what every carrier has queued, and now and then sweeps (expiry, client key re-checks). Should the thread ever die, {@code onFatal} is
 * told on a thread of its own: a master without this thread is deaf.
 */
final class RouterLoop implements AutoCloseable {
    private static final Logger LOG = System.getLogger(RouterLoop.class.getName());

    /** What the loop calls each turn, on its thread. */
    interface Turn {
        /** Everything peers sent before {@code drainedMillis} has been read; called at most once a second. */
        void sweep(long drainedMillis);

        /** The thread is ending: drop every connection and peer. */
        void stopped();
    }

    private final TransportRuntime runtime;
    private final Selector selector;
    private final Outbox outbox;
    private final Consumer<Throwable> onFatal;
    private final CountDownLatch bound = new CountDownLatch(1);
    private volatile boolean running;
    private volatile String boundEndpoint;
    private volatile RuntimeException startFailure;
    private Thread thread;
    private ZmtpServer server;
    private Carriers carriers;
    private Carrier.Handler events;
    private Turn turn;
    private long lastSweep;
    /** When a turn of the loop began: everything peers sent before then has been read. */
    private long drainedMillis = MonotonicMillis.now();

    RouterLoop(TransportRuntime runtime, Consumer<Throwable> onFatal) {
        this.runtime = runtime;
        this.onFatal = onFatal;
        try {
            this.selector = Selector.open();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open a selector", e);
        }
        this.outbox = new Outbox(selector);
    }

    Selector selector() {
        return selector;
    }

    Outbox outbox() {
        return outbox;
    }

    /**
     * Binds {@code bindAddress} with {@code server}, whose events go to {@code heard}, and runs the loop for it and
     * the other {@code carriers} (it among them); returns the endpoint bound.
     */
    String start(String bindAddress, ZmtpServer listening, Carriers all, Carrier.Handler heard, Turn each)
            throws InterruptedException {
        this.server = listening;
        this.carriers = all;
        this.events = heard;
        this.turn = each;
        running = true;
        thread = runtime.newThread("router", () -> run(bindAddress));
        thread.start();
        bound.await();
        if (startFailure != null) {
            throw startFailure;
        }
        return boundEndpoint;
    }

    String boundEndpoint() {
        return boundEndpoint;
    }

    private void run(String bindAddress) {
        try {
            boundEndpoint = server.bind(bindAddress, events);
        } catch (IOException | RuntimeException e) {
            startFailure = new IllegalStateException("cannot listen on " + bindAddress + ": " + e.getMessage(), e);
            bound.countDown();
            return;
        }
        bound.countDown();
        try {
            loop();
        } catch (Throwable e) {
            if (running) {
                fatal(e);
            }
        } finally {
            carriers.close();
            turn.stopped();
        }
    }

    private void loop() throws IOException {
        while (running && !Thread.currentThread().isInterrupted()) {
            try {
                selector.select(200);
            } catch (ClosedSelectorException e) {
                return;
            }
            drainedMillis = MonotonicMillis.now();
            server.handle(selector.selectedKeys());
            selector.selectedKeys().clear();
            outbox.runPending();
            carriers.flushAll();
            long now = MonotonicMillis.now();
            if (now - lastSweep >= 1000) {
                lastSweep = now;
                turn.sweep(drainedMillis);
            }
        }
    }

    /** The I/O thread is dying: nobody will be heard again. Tell whoever can restart the master. */
    private void fatal(Throwable e) {
        LOG.log(Level.ERROR, "router I/O thread died; the master can no longer hear its peers", e);
        try {
            Thread t = new Thread(() -> onFatal.accept(e), runtime.threadName("router-fatal"));
            t.setDaemon(false);
            t.start();
        } catch (Throwable cannotStart) {
            onFatal.accept(e); // no thread to be had (out of memory): tell from here
        }
    }

    @Override
    public void close() {
        running = false;
        selector.wakeup();
        if (thread != null) {
            thread.interrupt();
            try {
                thread.join(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        try {
            selector.close();
        } catch (IOException e) {
            // nothing useful to do on close
        }
    }
}
