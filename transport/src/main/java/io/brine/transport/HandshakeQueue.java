package io.brine.transport;

import java.util.ArrayDeque;
import java.util.EnumMap;
import java.util.Map;

/**
 * The handshake workers' queue, in three lanes of bounded length, served in this order:
 * <ol>
 * <li>{@link Lane#OPERATOR}: the operator's CLI on the master's own host. During a restart storm the handshakes
 * of a whole fleet queue up, and an operator's {@code brine run} would wait behind all of them (measured: its
 * ping took up to 1.7 s during the storm of 1,000 minions). Asked for in the connection's ZMTP READY and granted
 * to loopback peers only, since the claim is not authenticated; a small lane, so that it cannot hold much.</li>
 * <li>{@link Lane#KNOWN}: peers from addresses that recently completed a session (known minions, the operator's
 * machine), so that a flood of strangers' handshakes delays nobody already known.</li>
 * <li>{@link Lane#OTHERS}: everyone else.</li>
 * </ol>
 * A lane that is full refuses more.
 */
final class HandshakeQueue {
    /** Which lane a handshake waits in. */
    enum Lane { OPERATOR, KNOWN, OTHERS }

    /** The operator's lane holds this many: an operator runs a few commands at once, not hundreds. */
    static final int OPERATOR_CAPACITY = 64;

    private final Map<Lane, ArrayDeque<Runnable>> lanes = new EnumMap<>(Lane.class);
    private final int capacity;
    private boolean closed;

    HandshakeQueue(int capacity) {
        this.capacity = capacity;
        for (Lane lane : Lane.values()) {
            lanes.put(lane, new ArrayDeque<>());
        }
    }

    /** Queues {@code work}; false if its lane is full (or the queue is closed). */
    synchronized boolean offer(Runnable work, Lane lane) {
        ArrayDeque<Runnable> queue = lanes.get(lane);
        if (closed || queue.size() >= (lane == Lane.OPERATOR ? Math.min(OPERATOR_CAPACITY, capacity) : capacity)) {
            return false;
        }
        queue.add(work);
        notify();
        return true;
    }

    /** The next work, from the first lane that has some; null once closed. */
    synchronized Runnable take() throws InterruptedException {
        while (!closed && size() == 0) {
            wait();
        }
        if (closed) {
            return null;
        }
        for (ArrayDeque<Runnable> queue : lanes.values()) {
            if (!queue.isEmpty()) {
                return queue.poll();
            }
        }
        return null;
    }

    /** What waits in {@code lane} and in the lanes served before it. */
    synchronized int sizeUpTo(Lane lane) {
        int n = 0;
        for (Map.Entry<Lane, ArrayDeque<Runnable>> e : lanes.entrySet()) {
            n += e.getValue().size();
            if (e.getKey() == lane) {
                break;
            }
        }
        return n;
    }

    synchronized int size() {
        int n = 0;
        for (ArrayDeque<Runnable> queue : lanes.values()) {
            n += queue.size();
        }
        return n;
    }

    synchronized void close() {
        closed = true;
        lanes.values().forEach(ArrayDeque::clear);
        notifyAll();
    }
}
