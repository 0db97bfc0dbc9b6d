package io.brine.master;

import io.brine.protocol.JobRecord;
import io.brine.protocol.JobRequest;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * Jobs waiting for minions that were away when they were published with a queue time ({@code --queue 10m}):
 * sent when the minion connects, if the time has not passed, and sent again on each new session until the
 * minion acknowledges or returns the job (the minion runs a jid once, however often it arrives). Kept in the
 * job cache, so a master restart changes nothing.
 */
final class DeliveryQueue {
    private static final Logger LOG = System.getLogger(DeliveryQueue.class.getName());

    /** One job waiting for one minion. */
    private record Pending(String jid, long untilMillis) {
    }

    private final JobCache cache;
    private final Function<String, Optional<JobRecord>> jobs;
    private final Map<String, List<Pending>> byMinion = new ConcurrentHashMap<>();

    DeliveryQueue(JobCache cache, Function<String, Optional<JobRecord>> jobs) {
        this.cache = cache;
        this.jobs = jobs;
        long now = System.currentTimeMillis();
        for (Object[] row : cache.queued()) {
            String jid = (String) row[0];
            String minion = (String) row[1];
            long until = (Long) row[2];
            if (until > now) {
                byMinion.computeIfAbsent(minion, m -> new ArrayList<>()).add(new Pending(jid, until));
            } else {
                cache.forgetQueued(jid, minion);
            }
        }
    }

    /** Keeps {@code jid} for {@code minion} until {@code untilMillis}. */
    void add(String jid, String minion, long untilMillis) {
        cache.recordQueued(jid, minion, untilMillis);
        synchronized (this) {
            byMinion.computeIfAbsent(minion, m -> new ArrayList<>()).add(new Pending(jid, untilMillis));
        }
    }

    /**
     * A minion has a session: sends it what waits for it, through {@code send}. Expired deliveries are dropped
     * (the job reads {@code expired} for that minion).
     */
    void connected(String minion, BiConsumer<String, JobRequest> send) {
        List<Pending> waiting;
        synchronized (this) {
            List<Pending> list = byMinion.get(minion);
            if (list == null || list.isEmpty()) {
                return;
            }
            waiting = new ArrayList<>(list);
        }
        long now = System.currentTimeMillis();
        for (Pending p : waiting) {
            if (p.untilMillis() <= now) {
                done(p.jid(), minion);
                continue;
            }
            Optional<JobRecord> job = jobs.apply(p.jid());
            if (job.isEmpty()) {
                continue; // published this very moment and not recorded yet, or pruned: tried again, until it expires
            }
            JobRecord r = job.get();
            LOG.log(Level.INFO, "delivering queued job " + p.jid() + " (" + r.function() + ") to " + minion);
            // The time left, not the instant: the minion remembers the jid that long by its own clock.
            send.accept(minion, new JobRequest(r.jid(), r.function(), r.args(), r.kwargs(), r.timeoutMillis(),
                    r.caller(), p.untilMillis() - now));
        }
    }

    /** The minion acknowledged or returned the job, or it was cancelled: nothing more to send. */
    void done(String jid, String minion) {
        boolean removed;
        synchronized (this) {
            List<Pending> list = byMinion.get(minion);
            removed = list != null && list.removeIf(p -> p.jid().equals(jid));
            if (list != null && list.isEmpty()) {
                byMinion.remove(minion);
            }
        }
        if (removed) {
            cache.forgetQueued(jid, minion);
        }
    }

    /** Cancels every delivery of {@code jid} ({@code brine job kill}); true if there was one. */
    boolean cancel(String jid) {
        List<String> minions = new ArrayList<>();
        synchronized (this) {
            byMinion.forEach((minion, list) -> {
                if (list.stream().anyMatch(p -> p.jid().equals(jid))) {
                    minions.add(minion);
                }
            });
        }
        minions.forEach(m -> done(jid, m));
        return !minions.isEmpty();
    }

    /** Whether anything of {@code jid} still waits for a minion. */
    synchronized boolean waiting(String jid) {
        return byMinion.values().stream().anyMatch(list -> list.stream().anyMatch(p -> p.jid().equals(jid)));
    }
}
