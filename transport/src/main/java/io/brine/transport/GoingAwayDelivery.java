package io.brine.transport;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A stopping router's going-away notices, until every peer told has its own ({@link Link#whenDelivered}): over
 * HTTPS a notice, and whatever was queued before it (a job published a moment earlier), is only the peer's once a
 * poll has fetched it, and a router that stopped first would lose them. Counted on the router's I/O thread, awaited
 * by the thread stopping it.
 */
final class GoingAwayDelivery {
    private final CompletableFuture<Void> delivered = new CompletableFuture<>();
    /** Peers told that do not have their notice yet. */
    private final AtomicInteger waiting = new AtomicInteger();
    private volatile boolean allTold;

    /** {@code link}'s peer was told (I/O thread). */
    void expect(Link link) {
        waiting.incrementAndGet();
        link.whenDelivered(this::confirmed);
    }

    /** Every peer with a session was told (I/O thread): from now, the last to confirm completes the delivery. */
    void allTold() {
        allTold = true;
        if (waiting.get() == 0) {
            delivered.complete(null);
        }
    }

    private void confirmed() {
        if (waiting.decrementAndGet() == 0 && allTold) {
            delivered.complete(null);
        }
    }

    /** Waits until every peer told has its notice; false if {@code within} passed first. */
    boolean await(Duration within) throws InterruptedException {
        try {
            delivered.get(within.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
    }

    /** Peers told that do not have their notice yet. */
    int waiting() {
        return waiting.get();
    }
}
