package io.brine.master;

import io.brine.protocol.JobRecord;
import io.brine.protocol.MinionReturn;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A job whose returns are still being collected. {@link #done} completes when every expected minion that
 * had a session has returned, or the timeout passed, whichever is first: a minion that was not connected
 * cannot answer, so nobody waits for it. Returns arriving later still reach the cache.
 */
final class LiveJob {
    /** Told of each return as it arrives, on the thread that received it. */
    interface Listener {
        void onReturn(String jid, String minionId, MinionReturn result);
    }

    private final JobRecord spec;
    private final Set<String> expected;
    private final Set<String> reachable;
    private final Set<String> acknowledged = new LinkedHashSet<>();
    private final Map<String, MinionReturn> returns = new LinkedHashMap<>();
    private final List<Listener> listeners = new CopyOnWriteArrayList<>();
    final CompletableFuture<JobRecord> done = new CompletableFuture<>();
    /** Held while listeners are told of a return and while the job is completed; never while waiting. */
    private final Object telling = new Object();

    LiveJob(JobRecord spec) {
        this.spec = spec;
        this.expected = new LinkedHashSet<>(spec.expected());
        this.reachable = new LinkedHashSet<>(spec.expected());
        // Not removeAll: given a list at least as long as the set, it calls List.contains for every element, and
        // with most of 10,000 minions unreachable (a master restart) each job cost 10^8 string comparisons.
        spec.unreachable().forEach(reachable::remove);
        if (reachable.isEmpty()) {
            done.complete(snapshot());
        }
    }

    String jid() {
        return spec.jid();
    }

    String caller() {
        return spec.caller();
    }

    boolean expects(String minionId) {
        return expected.contains(minionId);
    }

    void listen(Listener listener) {
        listeners.add(listener);
    }

    synchronized void acknowledge(String minionId) {
        acknowledged.add(minionId);
    }

    /** Records a return; false if this minion already returned (a duplicate is ignored). */
    boolean addReturn(String minionId, MinionReturn result) {
        return addReturn(minionId, result, () -> { });
    }

    /**
     * Records a return and runs {@code beforeTelling} (once, for a return that is not a duplicate) before any
     * listener or waiting caller hears of it: what a caller has been told must already be on its way to the cache.
     */
    boolean addReturn(String minionId, MinionReturn result, Runnable beforeTelling) {
        // Returns are taken on several worker threads. Telling happens under one lock so that a listener hears of
        // every return before the job is done: otherwise the last return's thread could finish the job while
        // another was still telling of an earlier one, and a streaming client stopped at the report without it.
        synchronized (telling) {
            boolean complete;
            synchronized (this) {
                if (returns.putIfAbsent(minionId, result) != null) {
                    return false;
                }
                acknowledged.add(minionId);
                // sizes first: returns only ever come from expected minions, so this is usually decided in O(1)
                complete = returns.size() >= reachable.size() && returns.keySet().containsAll(reachable);
            }
            beforeTelling.run();
            listeners.forEach(l -> l.onReturn(spec.jid(), minionId, result));
            if (complete) {
                done.complete(snapshot());
            }
            return true;
        }
    }

    void expire() {
        synchronized (telling) {
            done.complete(snapshot());
        }
    }

    synchronized JobRecord snapshot() {
        return new JobRecord(spec.jid(), spec.function(), spec.args(), spec.kwargs(), spec.target(),
                spec.targetType(), spec.caller(), spec.startMillis(), spec.timeoutMillis(), spec.expected(),
                spec.unreachable(), new ArrayList<>(acknowledged), returns);
    }
}
