package io.brine.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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
 * try (StormProbe probe = new StormProbe("cli", id -> cli.ping(id), Duration.ofMillis(100))) {
 *     cluster.awaitAnswering(n, within, probe::back);
 *     probe.close();
 *     probe.samples();  // nanoseconds of each answered ping
 * }
 * }</pre>
 */
final class StormProbe implements AutoCloseable {
    /** One timed ping of a minion: its nanoseconds, or null if its return did not arrive. */
    @FunctionalInterface
    interface Ping {
        Long ping(String id) throws Exception;
    }

    private final Ping ping;
    private final Duration pause;
    private final Duration longestPing;
    private final List<String> back = new CopyOnWriteArrayList<>();
    private final List<Long> nanos = new CopyOnWriteArrayList<>();
    private final Thread thread;
    private volatile boolean done;
    private volatile int missing;
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
                Long took = ping.ping(back.get(ThreadLocalRandom.current().nextInt(back.size())));
                if (took != null) {
                    nanos.add(took);
                } else {
                    missing++;
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
        return missing;
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
