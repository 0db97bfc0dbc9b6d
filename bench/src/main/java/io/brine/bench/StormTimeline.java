package io.brine.bench;

import io.brine.master.ConnectionStats;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Where a restart storm's time goes: every {@value #EVERY_MILLIS} ms from the master's start, how many handshakes
 * it had begun, how many sessions it had opened and how many minions had answered the bench's probe. Reported as
 * the seconds at which a share of the fleet had reached each phase: sessions late and answers close behind them is
 * a storm bound by handshakes; sessions early and answers late is one bound by what follows a session (grains,
 * queued deliveries, the probe's own jobs).
 *
 * <pre>{@code
 * try (StormTimeline t = StormTimeline.start(master::connectionStats)) { ... t.answered.incrementAndGet(); ... }
 * }</pre>
 */
final class StormTimeline implements AutoCloseable {
    static final int EVERY_MILLIS = 250;
    private static final double[] SHARES = {0.5, 0.9, 0.99, 1.0};

    /** One sample: seconds since the start, and the three counts then. */
    record Sample(double seconds, long handshakes, long sessions, int answered) {
    }

    /** Minions that have answered the probe; the scenario counts them. */
    final AtomicInteger answered = new AtomicInteger();
    private final Supplier<ConnectionStats> stats;
    private final long t0;
    private final List<Sample> samples = new ArrayList<>();
    private final Thread thread;
    private volatile boolean done;

    private StormTimeline(Supplier<ConnectionStats> stats, long t0) {
        this.stats = stats;
        this.t0 = t0;
        this.thread = new Thread(this::run, "storm-timeline");
        thread.setDaemon(true);
    }

    /** Samples from {@code t0} (a {@link System#nanoTime} of the master's start) until closed. */
    static StormTimeline start(Supplier<ConnectionStats> stats, long t0) {
        StormTimeline t = new StormTimeline(stats, t0);
        t.thread.start();
        return t;
    }

    private void run() {
        while (!done) {
            sample();
            try {
                Thread.sleep(EVERY_MILLIS); // a sampling period, not a wait for anything
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void sample() {
        ConnectionStats s = stats.get();
        synchronized (samples) {
            samples.add(new Sample((System.nanoTime() - t0) / 1e9, s.handshakesStarted(), s.sessionsOpened(),
                    answered.get()));
        }
    }

    /**
     * The seconds at which {@code n} minions had reached each phase by share: "sessions 50 % 3.1 s, 90 % 12.0 s,
     * ...; answered ...". A share never reached reads "-".
     */
    String describe(int n) {
        List<Sample> all;
        synchronized (samples) {
            all = List.copyOf(samples);
        }
        StringBuilder b = new StringBuilder();
        b.append(phase("handshakes begun", all, n, Sample::handshakes)).append("; ");
        b.append(phase("sessions", all, n, Sample::sessions)).append("; ");
        b.append(phase("answered", all, n, s -> s.answered()));
        return b.toString();
    }

    /** The seconds from the start at which {@code n} minions had sessions, or null if they never all did. */
    Double sessionsAt(long n) {
        synchronized (samples) {
            return samples.stream().filter(s -> s.sessions() >= n).findFirst().map(Sample::seconds).orElse(null);
        }
    }

    private static String phase(String name, List<Sample> all, int n, java.util.function.ToLongFunction<Sample> count) {
        StringBuilder b = new StringBuilder(name);
        for (double share : SHARES) {
            long want = (long) Math.ceil(share * n);
            String at = all.stream().filter(s -> count.applyAsLong(s) >= want).findFirst()
                    .map(s -> String.format("%.1f s", s.seconds())).orElse("-");
            b.append(String.format(" %.0f %% %s", share * 100, at)).append(share < 1.0 ? "," : "");
        }
        return b.toString();
    }

    @Override
    public void close() throws InterruptedException {
        if (done) {
            return; // closed already: its last sample taken
        }
        done = true;
        thread.interrupt();
        thread.join(1000);
        sample();
    }
}
