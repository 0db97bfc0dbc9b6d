package io.brine.bench;

import io.brine.jobs.Job;
import io.brine.jobs.JobSpec;
import io.brine.targeting.TargetType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * Steady jobs to up to 100 minions for {@code --duration}, sampling the master at regular intervals: RSS (and its
 * anonymous part), heap after a full collection, threads, open file descriptors, and the job cache's database and
 * write-ahead log. From the brine jar the master runs as a process of its own ({@link MasterProcess}), so the
 * figures are the master's alone; without it, the benchmark's JVM is measured, driver and in-process swarm
 * included. Reports each figure's slope per hour (target: flat within noise) and every return that did not
 * arrive (target: none; any fails the scenario). Sampling starts after a warm-up (a fifth of the run, at most a
 * minute).
 */
final class SoakScenario implements Scenario {
    private static final int TARGETS = 100;

    @Override
    public String name() {
        return "soak";
    }

    @Override
    public ScenarioResult run(BenchRun run) throws Exception {
        int targets = Math.min(TARGETS, run.cluster.size());
        try (SoakedMaster master = run.needsJar() == null ? MasterProcess.start(run, run.cluster.size())
                : SoakedMaster.inThisJvm(run.cluster)) {
            run.say("  measuring %s", master.describe());
            return soak(run, master, targets);
        }
    }

    private static ScenarioResult soak(BenchRun run, SoakedMaster master, int targets) throws Exception {
        Duration duration = run.options.soak();
        JobSpec job = JobSpec.of(String.join(",", Cluster.ids(1, targets)), "test.echo", "soak")
                .withTargetType(TargetType.LIST).withTimeout(Duration.ofSeconds(30));
        long interval = Math.max(5_000, Math.min(60_000, duration.toMillis() / 10));
        long t0 = System.nanoTime();
        long end = t0 + duration.toNanos();
        // The first minute (or fifth) fills caches, pools and the JIT: a slope from a cold start measures warm-up.
        long nextSample = t0 + Math.min(60_000, duration.toMillis() / 5) * 1_000_000L;
        List<SoakSample> samples = new ArrayList<>();
        long jobs = 0;
        MissingReturns missing = new MissingReturns("calls to " + targets + " minions");
        while (System.nanoTime() < end) {
            if (System.nanoTime() >= nextSample) {
                samples.add(sample(run, master, t0, jobs));
                nextSample += interval * 1_000_000L;
            }
            Job r = master.call(job);
            jobs++;
            // against the minions asked, not those the master expected: one away is missing too
            missing.counted(targets, r.returns().size());
        }
        samples.add(sample(run, master, t0, jobs));
        if (missing.any()) {
            return missing.failure(run);
        }
        return report(samples, duration, jobs, missing, targets);
    }

    private static SoakSample sample(BenchRun run, SoakedMaster master, long t0, long jobs) throws Exception {
        SoakSample s = master.sample((System.nanoTime() - t0) / 60e9);
        run.say("  %5.1f min: RSS %.1f MiB (anonymous %.1f), heap after GC %.1f MiB, threads %d, fds %d, "
                + "db %.1f MiB, wal %.1f MiB, %d jobs", s.minutes(), s.rssMib(), s.anonMib(), s.heapMib(),
                s.process().threads(), s.process().fds(), s.dbMib(), s.walMib(), jobs);
        return s;
    }

    private static ScenarioResult report(List<SoakSample> samples, Duration duration, long jobs,
            MissingReturns missing, int targets) {
        SoakSample first = samples.get(0);
        SoakSample last = samples.get(samples.size() - 1);
        double heapSlope = slope(samples, SoakSample::heapMib);
        double rssSlope = slope(samples, SoakSample::rssMib);
        double anonSlope = slope(samples, SoakSample::anonMib);
        double threadSlope = slope(samples, SoakSample::threads);
        double fdSlope = slope(samples, SoakSample::fds);
        double rssMax = samples.stream().mapToDouble(SoakSample::rssMib).max().orElse(0);
        return ScenarioResult.measured()
                .figure("minutes", duration.toSeconds() / 60.0)
                .figure("jobs", jobs)
                .figure("missing_returns", missing.count())
                .figure("heap_mib_per_hour", heapSlope)
                .figure("rss_mib_per_hour", rssSlope)
                .figure("rss_anon_mib_per_hour", anonSlope)
                .figure("rss_max_mib", rssMax)
                .figure("threads_per_hour", threadSlope)
                .figure("fds_per_hour", fdSlope)
                .figure("db_wal_mib", last.dbMib() + last.walMib())
                .row("soak " + targets + " minions", jobs + " jobs, " + missing.count() + " lost", "0 lost", "",
                        samples.size() + " samples over " + Report.num(duration.toSeconds() / 60.0) + " min, after "
                        + "a warm-up")
                .row("heap after GC", Report.num(first.heapMib()) + " -> " + Report.num(last.heapMib()) + " MiB",
                        "flat", "", "slope " + Report.num(heapSlope) + " MiB/h")
                .row("RSS", Report.num(first.rssMib()) + " -> " + Report.num(last.rssMib()) + " MiB", "flat", "",
                        "slope " + Report.num(rssSlope) + " MiB/h, max " + Report.num(rssMax) + " MiB; anonymous "
                        + Report.num(first.anonMib()) + " -> " + Report.num(last.anonMib()) + " MiB, slope "
                        + Report.num(anonSlope) + " MiB/h")
                .row("threads / fds", first.process().threads() + " -> " + last.process().threads() + " / "
                        + first.process().fds() + " -> " + last.process().fds(), "flat", "", "slopes "
                        + Report.num(threadSlope) + " / " + Report.num(fdSlope) + " per h")
                .row("job cache db / wal", Report.num(first.dbMib()) + " -> " + Report.num(last.dbMib()) + " / "
                        + Report.num(first.walMib()) + " -> " + Report.num(last.walMib()) + " MiB", "", "",
                        "kept as keep_jobs / keep_jobs_count say");
    }

    /** Least-squares slope of a figure over time, per hour. */
    static double slope(List<SoakSample> samples, ToDoubleFunction<SoakSample> figure) {
        int n = samples.size();
        if (n < 2) {
            return 0;
        }
        double mx = samples.stream().mapToDouble(SoakSample::minutes).average().orElse(0);
        double my = samples.stream().mapToDouble(figure).average().orElse(0);
        double num = 0;
        double den = 0;
        for (SoakSample s : samples) {
            num += (s.minutes() - mx) * (figure.applyAsDouble(s) - my);
            den += (s.minutes() - mx) * (s.minutes() - mx);
        }
        return den == 0 ? 0 : num / den * 60;
    }
}
