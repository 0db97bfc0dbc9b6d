package io.brine.bench;

import io.brine.master.Job;
import io.brine.master.JobSpec;
import io.brine.master.MasterClient;
import io.brine.targeting.TargetType;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Steady jobs to up to 100 minions for {@code --duration}, sampling this JVM (the master, and the in-process
 * swarm unless {@code --processes}) at regular intervals: heap after a full collection, RSS, threads and open
 * file descriptors. Reports each one's slope per hour (target: flat within noise) and every return that did not
 * arrive (target: none; any fails the scenario). Sampling starts after a warm-up (a fifth of the run, at most a
 * minute). RSS includes heap the JVM has committed and not given back (no {@code -Xmx} here): read the heap.
 */
final class SoakScenario implements Scenario {
    private static final int TARGETS = 100;

    private record Sample(double minutes, double heapMib, double rssMib, int threads, long fds) {
    }

    @Override
    public String name() {
        return "soak";
    }

    @Override
    public ScenarioResult run(BenchRun run) throws Exception {
        Duration duration = run.options.soak();
        int targets = Math.min(TARGETS, run.cluster.size());
        JobSpec job = JobSpec.of(String.join(",", Cluster.ids(1, targets)), "test.echo", "soak")
                .withTargetType(TargetType.LIST).withTimeout(Duration.ofSeconds(30));
        MasterClient client = run.cluster.client();
        long interval = Math.max(5_000, Math.min(60_000, duration.toMillis() / 10));
        long t0 = System.nanoTime();
        long end = t0 + duration.toNanos();
        // The first minute (or fifth) fills caches, pools and the JIT: a slope from a cold start measures warm-up.
        long nextSample = t0 + Math.min(60_000, duration.toMillis() / 5) * 1_000_000L;
        List<Sample> samples = new ArrayList<>();
        long jobs = 0;
        MissingReturns missing = new MissingReturns("calls to " + targets + " minions");
        while (System.nanoTime() < end) {
            if (System.nanoTime() >= nextSample) {
                samples.add(sample((System.nanoTime() - t0) / 60e9));
                nextSample += interval * 1_000_000L;
            }
            Job r = client.call(job);
            jobs++;
            // against the minions asked, not those the master expected: one away is missing too
            missing.counted(targets, r.returns().size());
        }
        samples.add(sample((System.nanoTime() - t0) / 60e9));
        if (missing.any()) {
            return missing.failure(run);
        }
        Sample first = samples.get(0);
        Sample last = samples.get(samples.size() - 1);
        double heapSlope = slope(samples, Sample::heapMib);
        double rssSlope = slope(samples, Sample::rssMib);
        double threadSlope = slope(samples, s -> (double) s.threads());
        double fdSlope = slope(samples, s -> (double) s.fds());
        return ScenarioResult.measured()
                .figure("minutes", duration.toSeconds() / 60.0)
                .figure("jobs", jobs)
                .figure("missing_returns", missing.count())
                .figure("heap_mib_per_hour", heapSlope)
                .figure("rss_mib_per_hour", rssSlope)
                .figure("threads_per_hour", threadSlope)
                .figure("fds_per_hour", fdSlope)
                .row("soak " + targets + " minions", jobs + " jobs, " + missing.count() + " lost", "0 lost", "",
                        samples.size() + " samples over " + Report.num(duration.toSeconds() / 60.0) + " min, after "
                        + "a warm-up")
                .row("heap after GC", Report.num(first.heapMib()) + " -> " + Report.num(last.heapMib()) + " MiB",
                        "flat", "", "slope " + Report.num(heapSlope) + " MiB/h")
                .row("RSS", Report.num(first.rssMib()) + " -> " + Report.num(last.rssMib()) + " MiB", "flat", "",
                        "slope " + Report.num(rssSlope) + " MiB/h")
                .row("threads / fds", first.threads() + " -> " + last.threads() + " / " + first.fds() + " -> "
                        + last.fds(), "flat", "", "slopes " + Report.num(threadSlope) + " / " + Report.num(fdSlope)
                        + " per h");
    }

    private static Sample sample(double minutes) throws IOException {
        return new Sample(minutes, HeapAfterGc.liveHeapMib(), rssMib(),
                ManagementFactory.getThreadMXBean().getThreadCount(), openFds());
    }

    /** Least-squares slope of a figure over time, per hour. */
    static double slope(List<Sample> samples, java.util.function.ToDoubleFunction<Sample> figure) {
        int n = samples.size();
        if (n < 2) {
            return 0;
        }
        double mx = samples.stream().mapToDouble(Sample::minutes).average().orElse(0);
        double my = samples.stream().mapToDouble(figure).average().orElse(0);
        double num = 0;
        double den = 0;
        for (Sample s : samples) {
            num += (s.minutes() - mx) * (figure.applyAsDouble(s) - my);
            den += (s.minutes() - mx) * (s.minutes() - mx);
        }
        return den == 0 ? 0 : num / den * 60;
    }

    private static double rssMib() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024.0;
            }
        }
        return 0;
    }

    private static long openFds() throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.count();
        }
    }
}
