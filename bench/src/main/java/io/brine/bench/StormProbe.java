package io.brine.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * An operator's ping during a restart storm: while the swarm reconnects, a minion that is already back is pinged
 * again and again, and each answer timed. The question is whether the master stays responsive while thousands of
 * handshakes queue up (target: every answer within 1 s). Two kinds run side by side: through the master's Java
 * client in this JVM, and as a real {@code brine run} process ({@link CliPing}), JVM start included, which is
 * what the operator at the shell gets. Only answered pings are samples; a ping without an answer is counted as
 * missing. A ping started during the storm counts even if it ends after it.
 *
 * <pre>{@code
 * try (StormProbe probe = new StormProbe("client", id -> StormProbe.Answer.returned(timedPing(id)),
 *         Duration.ofMillis(200), Duration.ofSeconds(5))) {
 *     cluster.awaitAnswering(n, within, probe::back);
 *     probe.close();
 *     probe.samples();  // nanoseconds of each answered ping
 * }
 * }</pre>
 */
final class StormProbe implements AutoCloseable {
    /** One timed ping of a minion. */
    @FunctionalInterface
    interface Ping {
        Answer ping(String id) throws Exception;
    }

    /** A ping's nanoseconds, or (null) why its return did not arrive: "no-response", "exit 1", ... */
    record Answer(Long nanos, String missingBecause) {
        static Answer returned(long nanos) {
            return new Answer(nanos, null);
        }

        static Answer missing(String because) {
            return new Answer(null, because);
        }
    }

    private final Ping ping;
    private final Duration pause;
    private final Duration longestPing;
    private final List<String> back = new CopyOnWriteArrayList<>();
    private final List<Long> nanos = new CopyOnWriteArrayList<>();
    private final Thread thread;
    private volatile boolean done;
    private final Map<String, Integer> missing = new ConcurrentSkipListMap<>();
    private volatile Exception broken;

    /**
     * @param pause       between pings: an operator's pace, not a load of its own
     * @param longestPing how long one ping may take before {@link #close} stops waiting for it
     */
    StormProbe(String name, Ping ping, Duration pause, Duration longestPing) {
        this.ping = ping;
        this.pause = pause;
        this.longestPing = longestPing;
        this.thread = new Thread(this::probe, "storm-probe-" + name);
        thread.setDaemon(true);
        thread.start();
    }

    /** A minion answered for the first time since the restart: it may be pinged now. */
    void back(String id) {
        back.add(id);
    }

    private void probe() {
        try {
            while (!done) {
                if (back.isEmpty()) {
                    Thread.sleep(20); // nobody back yet; the storm has only begun
                    continue;
                }
                Answer a = ping.ping(back.get(ThreadLocalRandom.current().nextInt(back.size())));
                if (a.nanos() != null) {
                    nanos.add(a.nanos());
                } else {
                    missing.merge(a.missingBecause(), 1, Integer::sum);
                }
                if (!done) {
                    Thread.sleep(pause.toMillis());
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            broken = e;
        }
    }

    /** The answered pings' times, once the storm is over. */
    List<Long> samples() {
        return new ArrayList<>(nanos);
    }

    int missing() {
        return missing.values().stream().mapToInt(Integer::intValue).sum();
    }

    /** How many pings went without a return, by reason: {no-response=3, exit 1=1}. */
    Map<String, Integer> missingBecause() {
        return Map.copyOf(missing);
    }

    /** Stops pinging once the ping under way has ended; throws if a ping could not be made at all. */
    @Override
    public void close() throws InterruptedException {
        done = true;
        thread.join(longestPing.toMillis() + TimeUnit.SECONDS.toMillis(1));
        if (thread.isAlive()) {
            throw new IllegalStateException("a storm ping did not end within " + longestPing.toSeconds() + " s");
        }
        if (broken != null) {
            throw new IllegalStateException("a storm ping could not be made: " + broken.getMessage(), broken);
        }
    }
}
