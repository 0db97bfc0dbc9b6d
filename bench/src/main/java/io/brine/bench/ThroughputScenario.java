package io.brine.bench;

import io.brine.jobs.Job;
import io.brine.jobs.JobSpec;
import io.brine.master.MasterClient;
import io.brine.targeting.TargetType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Jobs cast at 10 minions as fast as the master takes them, timed until the last return is collected: how
 * many returns per second one master can take in.
 */
final class ThroughputScenario implements Scenario {
    private static final int ROUNDS = 3;
    private static final int TARGETS = 10;

    @Override
    public String name() {
        return "throughput";
    }

    @Override
    public ScenarioResult run(BenchRun run) throws Exception {
        int targets = Math.min(TARGETS, run.cluster.size());
        JobSpec job = JobSpec.of(String.join(",", Cluster.ids(1, targets)), "test.ping")
                .withTargetType(TargetType.LIST).withTimeout(Duration.ofSeconds(60));
        MasterClient client = run.cluster.client();
        MissingReturns missing = new MissingReturns("jobs cast at " + targets + " minions (120 s each round)");
        round(client, job, Math.max(1, run.options.throughputJobs() / 4), targets, missing);
        List<Double> rates = new ArrayList<>();
        for (int i = 0; i < ROUNDS; i++) {
            rates.add(round(client, job, run.options.throughputJobs(), targets, missing));
            if (missing.any()) {
                return missing.failure(run);
            }
        }
        rates.sort(null);
        double median = rates.get(rates.size() / 2);
        return ScenarioResult.measured()
                .figure("returns_per_s", median)
                .figure("missing_returns", missing.count())
                .row("returns/s", Report.num(median), ">= 20000", "11", String.format(
                        "rounds of %d jobs x %d minions: %s returns/s; %.0fx Salt", run.options.throughputJobs(),
                        targets, rates.stream().map(Report::num).toList(), median / 11));
    }

    /** Casts {@code jobs} jobs, waits for every return, counts those that never came, and gives returns per second. */
    private static double round(MasterClient client, JobSpec job, int jobs, int targets, MissingReturns missing)
            throws InterruptedException {
        long t0 = System.nanoTime();
        List<String> jids = new ArrayList<>(jobs);
        for (int i = 0; i < jobs; i++) {
            jids.add(client.cast(job));
        }
        long deadline = t0 + Duration.ofSeconds(120).toNanos();
        long returns = 0;
        for (String jid : jids) {
            int got = awaitReturns(client, jid, targets, deadline);
            missing.counted(targets, got);
            returns += got;
        }
        return returns / ((System.nanoTime() - t0) / 1e9);
    }

    private static int awaitReturns(MasterClient client, String jid, int targets, long deadline)
            throws InterruptedException {
        while (true) {
            Optional<Job> r = client.job(jid);
            int got = r.map(j -> j.returns().size()).orElse(0);
            if (got >= targets || System.nanoTime() > deadline) {
                return got;
            }
            Thread.sleep(1);
        }
    }
}
