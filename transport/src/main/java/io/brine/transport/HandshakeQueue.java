package io.brine.transport;

import java.util.ArrayDeque;

/**
 * The handshake workers' queue, in two classes of bounded length: peers from addresses that recently completed a
 * session (known minions, the operator's machine) and everyone else. A worker always takes a known peer's work
 * first, so a flood of strangers' handshakes delays nobody already known; a class that is full refuses more.
 */
final class HandshakeQueue {
    private final ArrayDeque<Runnable> known = new ArrayDeque<>();
    private final ArrayDeque<Runnable> others = new ArrayDeque<>();
    private final int capacity;
    private boolean closed;

    HandshakeQueue(int capacity) {
        this.capacity = capacity;
    }

    /** Queues {@code work}; false if its class is full (or the queue is closed). */
    synchronized boolean offer(Runnable work, boolean fromKnownAddress) {
        ArrayDeque<Runnable> queue = fromKnownAddress ? known : others;
        if (closed || queue.size() >= capacity) {
            return false;
        }
        queue.add(work);
        notify();
        return true;
    }

    /** The next work, known peers' first; null once closed. */
    synchronized Runnable take() throws InterruptedException {
        while (!closed && known.isEmpty() && others.isEmpty()) {
            wait();
        }
        if (closed) {
            return null;
        }
        return known.isEmpty() ? others.poll() : known.poll();
    }

    synchronized int size() {
        return known.size() + others.size();
    }

    synchronized void close() {
        closed = true;
        known.clear();
        others.clear();
        notifyAll();
    }
}
