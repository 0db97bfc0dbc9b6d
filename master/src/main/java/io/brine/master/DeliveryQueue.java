package io.brine.master;

import io.brine.jobs.JobState;
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
 *
 * <p>Bounded ({@link Limits#DEFAULTS}: 1,000 deliveries per minion, 100,000 in all): a queued job that would pass a
 * bound is refused at publication ({@link #checkRoom}), counted by {@link JobRefusals}, before anything is recorded.
 */
final class DeliveryQueue {
    private static final Logger LOG = System.getLogger(DeliveryQueue.class.getName());

    /** One job waiting for one minion. */
    private record Pending(String jid, long untilMillis) {
    }

    /** The most deliveries waiting for one minion, and for all minions together. */
    record Limits(int perMinion, int total) {
        static final Limits DEFAULTS = new Limits(1_000, 100_000);

        Limits {
            if (perMinion < 1 || total < 1) {
                throw new IllegalArgumentException("delivery queue limits must be positive: " + perMinion + ", "
                        + total);
            }
        }
    }

    private final JobCache cache;
    private final Function<String, Optional<JobState>> jobs;
    private final Map<String, List<Pending>> byMinion = new ConcurrentHashMap<>();
    private final Limits limits;
    private final JobRefusals refusals;
    /** Whether other masters share the cache (a cluster): then a minion's deliveries are looked up as it connects. */
    private final boolean shared;
    /** Deliveries held, all minions together; guarded by this. */
    private int total;

    /** The deliveries of a master of its own: all of them taken back from {@code cache} now. */
    DeliveryQueue(JobCache cache, Function<String, Optional<JobState>> jobs, Limits limits, JobRefusals refusals) {
        this(cache, jobs, limits, refusals, false);
    }

    /**
     * With {@code shared}, the cache is a cluster's: a job queued through any master waits for a minion that may
     * connect to any other, so each master looks up a minion's deliveries in the cache as it connects, rather than
     * holding every master's in memory from its start (which missed those queued after it started).
     */
    DeliveryQueue(JobCache cache, Function<String, Optional<JobState>> jobs, Limits limits, JobRefusals refusals,
            boolean shared) {
        this.cache = cache;
        this.jobs = jobs;
        this.limits = limits;
        this.refusals = refusals;
        this.shared = shared;
        if (!shared) {
            takeBack(cache.queued());
        }
    }

    /**
     * Holds the waiting deliveries among {@code rows} (jid, minion, until_ms) that it does not hold yet; returns
     * those it took, by minion.
     */
    private Map<String, List<Pending>> takeBack(List<Object[]> rows) {
        Map<String, List<Pending>> taken = new java.util.HashMap<>();
        long now = System.currentTimeMillis();
        for (Object[] row : rows) {
            String jid = (String) row[0];
            String minion = (String) row[1];
            long until = (Long) row[2];
            if (until > now) {
                // taken back whole, even over the limits (they were lowered): new jobs are refused until it drains
                synchronized (this) {
                    List<Pending> list = byMinion.computeIfAbsent(minion, m -> new ArrayList<>());
                    if (list.stream().noneMatch(p -> p.jid().equals(jid))) {
                        Pending p = new Pending(jid, until);
                        list.add(p);
                        total++;
                        taken.computeIfAbsent(minion, m -> new ArrayList<>()).add(p);
                    }
                }
            } else {
                cache.forgetQueued(jid, minion);
            }
        }
        return taken;
    }

    /**
     * Refuses (counted, see {@link JobRefusals}) a queued job for {@code away} that would pass a bound: any of them
     * with {@link Limits#perMinion} deliveries waiting, or {@link Limits#total} in all. Expired deliveries are let go
     * first. Checked before the job is recorded; jobs published at the same moment may pass a bound by their own
     * deliveries, no more.
     *
     * @throws JobRefusedException naming the bound and, for a minion's, the minion
     */
    void checkRoom(List<String> away) {
        if (away.isEmpty()) {
            return;
        }
        List<String[]> expired = new ArrayList<>();
        String full = null;
        int held;
        synchronized (this) {
            long now = System.currentTimeMillis();
            if (total + away.size() > limits.total()) {
                byMinion.forEach((minion, list) -> dropExpired(minion, list, now, expired));
            }
            for (String minion : away) {
                List<Pending> list = byMinion.get(minion);
                if (list != null && list.size() >= limits.perMinion()) {
                    dropExpired(minion, list, now, expired);
                    if (list.size() >= limits.perMinion()) {
                        full = minion;
                        break;
                    }
                }
            }
            byMinion.values().removeIf(List::isEmpty);
            held = total;
        }
        expired.forEach(e -> cache.forgetQueued(e[0], e[1]));
        if (full != null) {
            throw refusals.refuse(JobRefusedException.Reason.DELIVERY_QUEUE_MINION, "minion " + full + " already has "
                    + limits.perMinion() + " queued jobs waiting for it to connect (the most the master keeps for "
                    + "one minion); nothing was published");
        }
        if (held + away.size() > limits.total()) {
            throw refusals.refuse(JobRefusedException.Reason.DELIVERY_QUEUE_TOTAL, "the master already holds " + held
                    + " queued deliveries for minions that are away, and this job would add " + away.size()
                    + " (at most " + limits.total() + " in all); nothing was published");
        }
    }

    /** Removes {@code list}'s expired deliveries, noting them in {@code expired}; called holding this. */
    private void dropExpired(String minion, List<Pending> list, long now, List<String[]> expired) {
        list.removeIf(p -> {
            if (p.untilMillis() <= now) {
                expired.add(new String[] {p.jid(), minion});
                total--;
                return true;
            }
            return false;
        });
    }

    /** Keeps {@code jid} for {@code minion} until {@code untilMillis} (after {@link #checkRoom}). */
    void add(String jid, String minion, long untilMillis) {
        cache.recordQueued(jid, minion, untilMillis);
        synchronized (this) {
            byMinion.computeIfAbsent(minion, m -> new ArrayList<>()).add(new Pending(jid, untilMillis));
            total++;
        }
    }

    /**
     * In a cluster, waits until what was recorded so far (a queued job and its deliveries) is in the shared database
     * (or the database failed to take it): another master then finds them the moment it hears of them, as the
     * minion connects there or the job is routed there for a minion that has just left. Queued jobs are few; this
     * costs their publisher one commit.
     */
    void awaitWritten() {
        if (shared) {
            cache.flush();
        }
    }

    /** Deliveries held now, all minions together. */
    synchronized int size() {
        return total;
    }

    /**
     * A minion has a session: sends it what waits for it, through {@code send}. Expired deliveries are dropped
     * (the job reads {@code expired} for that minion).
     */
    void connected(String minion, BiConsumer<String, JobRequest> send) {
        if (shared) {
            takeBack(cache.queuedFor(minion));
        }
        List<Pending> waiting;
        synchronized (this) {
            List<Pending> list = byMinion.get(minion);
            if (list == null || list.isEmpty()) {
                return;
            }
            waiting = new ArrayList<>(list);
        }
        send(minion, waiting, send);
    }

    /**
     * A notice of the cluster's queued deliveries ({@link PostgresCacheDialect#QUEUED}): {@code +minion}, a job was
     * queued for it through some master, and if {@code here} has its session, the deliveries this master does not
     * hold yet go now; {@code -jid minion}, a master took that delivery (or it ended), so this one lets it go too.
     * Null: notices were lost for a while, so every minion of {@code here} gets what was queued for it meanwhile.
     * Before this, a job queued through one master as its minion connected to another waited for the minion's next
     * connection, and a delivery taken elsewhere was held (and counted) here until its queue time ended.
     *
     * @param here what sends to a minion through its session on this master, if it has one
     * @param connected the minions with a session on this master (read for a null notice only)
     */
    void noticed(String notice, Function<String, Optional<BiConsumer<String, JobRequest>>> here,
            java.util.Set<String> connected) {
        if (!shared) {
            return;
        }
        if (notice == null) {
            List<Object[]> rows = cache.queuedWritten().stream().filter(r -> connected.contains((String) r[1]))
                    .toList();
            takeBack(rows).forEach((minion, taken) -> here.apply(minion).ifPresent(s -> send(minion, taken, s)));
        } else if (notice.startsWith("+")) {
            String minion = notice.substring(1);
            Optional<BiConsumer<String, JobRequest>> session = here.apply(minion);
            if (session.isPresent()) {
                List<Pending> taken = takeBack(cache.queuedFor(minion)).getOrDefault(minion, List.of());
                send(minion, taken, session.get());
            }
        } else if (notice.startsWith("-") && notice.indexOf(' ') > 1) {
            int space = notice.indexOf(' ');
            String jid = notice.substring(1, space);
            String minion = notice.substring(space + 1);
            synchronized (this) {
                List<Pending> list = byMinion.get(minion);
                if (list != null && list.removeIf(p -> p.jid().equals(jid))) {
                    total--; // the row is gone already: nothing to forget
                }
                if (list != null && list.isEmpty()) {
                    byMinion.remove(minion);
                }
            }
        }
    }

    private void send(String minion, List<Pending> waiting, BiConsumer<String, JobRequest> send) {
        long now = System.currentTimeMillis();
        for (Pending p : waiting) {
            if (p.untilMillis() <= now) {
                done(p.jid(), minion);
                continue;
            }
            Optional<JobState> job = jobs.apply(p.jid());
            if (job.isEmpty()) {
                continue; // published this very moment and not recorded yet, or pruned: tried again, until it expires
            }
            JobState r = job.get();
            LOG.log(Level.INFO, "delivering queued job " + p.jid() + " (" + r.function() + ") to " + minion);
            // The time left, not the instant: the minion remembers the jid that long by its own clock.
            send.accept(minion, new JobRequest(r.jid(), r.function(), r.args(), r.kwargs(), r.timeout().toMillis(),
                    r.caller(), p.untilMillis() - now));
        }
    }

    /** The minion acknowledged or returned the job, or it was cancelled: nothing more to send. */
    void done(String jid, String minion) {
        boolean removed;
        synchronized (this) {
            List<Pending> list = byMinion.get(minion);
            removed = list != null && list.removeIf(p -> p.jid().equals(jid));
            if (removed) {
                total--;
            }
            if (list != null && list.isEmpty()) {
                byMinion.remove(minion);
            }
        }
        if (removed) {
            cache.forgetQueued(jid, minion);
        }
    }

    /** Cancels every delivery of {@code jid} ({@code brine job kill}); the minions they waited for. */
    List<String> cancel(String jid) {
        List<String> minions = new ArrayList<>();
        synchronized (this) {
            byMinion.forEach((minion, list) -> {
                if (list.stream().anyMatch(p -> p.jid().equals(jid))) {
                    minions.add(minion);
                }
            });
        }
        minions.forEach(m -> done(jid, m));
        return minions;
    }

    /** Whether anything of {@code jid} still waits for a minion. */
    synchronized boolean waiting(String jid) {
        return byMinion.values().stream().anyMatch(list -> list.stream().anyMatch(p -> p.jid().equals(jid)));
    }
}
