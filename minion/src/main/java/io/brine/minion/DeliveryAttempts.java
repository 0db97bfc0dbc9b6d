package io.brine.minion;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Counts, for each return awaiting its acknowledgement, the times the master plainly did not take it: it refused
 * the frame as too large, or it acknowledged a return sent after it on the same link while this one stayed
 * unacknowledged (it was heard and dropped). A master that is away or cannot store anything yet acknowledges
 * nothing, so it counts against no return; a partition neither. A return that failed {@code maxFailures} times is
 * given up on (set aside on disk, see {@link ReturnSpool#setAside}) rather than sent in a loop for ever.
 */
final class DeliveryAttempts {
    private static final class Attempt {
        long sentSeq;
        boolean judged;
        int failures;
    }

    private final int maxFailures;
    /** By the order of their latest sending, oldest first. */
    private final Map<String, Attempt> attempts = new LinkedHashMap<>();
    private long seq;

    DeliveryAttempts(int maxFailures) {
        this.maxFailures = maxFailures;
    }

    /** {@code jid}'s return went out (again). */
    synchronized void sent(String jid) {
        Attempt a = attempts.remove(jid);
        if (a == null) {
            a = new Attempt();
        }
        a.sentSeq = ++seq;
        a.judged = false;
        attempts.put(jid, a);
    }

    /**
     * {@code jid}'s return was acknowledged: each return sent before it and still unacknowledged was passed over
     * once (judged once per sending). Returns the jids that have now failed {@code maxFailures} times.
     */
    synchronized List<String> acknowledged(String jid) {
        Attempt acked = attempts.remove(jid);
        if (acked == null) {
            return List.of();
        }
        List<String> givenUp = new ArrayList<>();
        for (Iterator<Map.Entry<String, Attempt>> it = attempts.entrySet().iterator(); it.hasNext();) {
            Map.Entry<String, Attempt> e = it.next();
            Attempt a = e.getValue();
            if (a.sentSeq > acked.sentSeq) {
                break; // the rest went out later
            }
            if (!a.judged) {
                a.judged = true;
                if (++a.failures >= maxFailures) {
                    givenUp.add(e.getKey());
                    it.remove();
                }
            }
        }
        return givenUp;
    }

    /** The master refused {@code jid}'s frame outright; true when that makes {@code maxFailures}. */
    synchronized boolean refused(String jid) {
        Attempt a = attempts.computeIfAbsent(jid, j -> new Attempt());
        a.judged = true;
        if (++a.failures >= maxFailures) {
            attempts.remove(jid);
            return true;
        }
        return false;
    }

    /** No longer awaited (acknowledged elsewhere, or dropped from the spool). */
    synchronized void forget(String jid) {
        attempts.remove(jid);
    }
}
