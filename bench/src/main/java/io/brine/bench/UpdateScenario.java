package io.brine.bench;

import io.brine.jobs.Job;
import io.brine.jobs.JobSpec;
import io.brine.jobs.MinionResult;
import io.brine.master.MasterClient;
import io.brine.master.MasterKeys;
import io.brine.protocol.BrineVersion;
import io.brine.release.ReleaseKeys;
import io.brine.release.ReleaseSignature;
import io.brine.targeting.TargetType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Signed self-update of a fleet (issue 29, docs/updates.md): minions as processes of their own, each started by the
 * package's launcher (which restarts it into the new version and would roll it back), running the minion package's
 * jar; the same jar with another version string, signed with a release key made for the run, is sent with
 * {@code MasterClient.update}. Timed from the update until every minion's job return says {@code updated}, and
 * until every minion answers {@code test.version} with the new version. An in-process minion cannot restart into
 * another jar, so these are processes: {@value #MAX} at most (the largest {@code --minions}, else that).
 */
final class UpdateScenario implements Scenario {
    static final int MAX = 100;
    static final String NEW_VERSION = "99.0.0";

    @Override
    public String name() {
        return "update";
    }

    @Override
    public ScenarioResult run(BenchRun run) throws Exception {
        if (run.needsJar() != null) {
            return ScenarioResult.notAvailable(run.needsJar());
        }
        Path agentJar = PackagedMinion.jar(run.options.brineJar());
        if (agentJar == null) {
            return ScenarioResult.notAvailable("no minion package jar (agent/target/brine-minion.jar) beside "
                    + run.options.brineJar());
        }
        int n = Math.min(MAX, run.options.minionCounts().stream().mapToInt(Integer::intValue).max().orElse(MAX));
        Cluster c = run.cluster;
        Path dir = Files.createDirectories(c.root.resolve("update-bench"));
        Path launcher = PackagedMinion.install(dir.resolve("pkg"));
        Path jarA = Files.copy(agentJar, dir.resolve("installed.jar"));
        Path jarB = io.brine.release.BundleVersion.stamp(jarA, NEW_VERSION, dir.resolve("release/brine-minion.jar"));
        ReleaseKeys.Written keys = ReleaseKeys.generate(dir.resolve("keys"));
        Files.writeString(Path.of(jarB + ".sig"), ReleaseSignature.sign(jarB, NEW_VERSION,
                ReleaseKeys.readPrivate(keys.privateKey()), ReleaseKeys.readPublic(keys.publicKey())).text());
        MasterClient client = c.client();
        // One class-data directory for the fleet, as one machine's minion has one: each version's list is written
        // and its archive dumped once (the launcher's lock), not by every minion on these two cores, where a real
        // fleet spends that CPU once per machine, in parallel.
        Path cds = dir.resolve("cds");
        List<JavaProcess> minions = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        try {
            MasterKeys master = MasterKeys.inDirectory(c.master().config().pkiDir());
            for (int i = 1; i <= n; i++) {
                String id = "upd" + i;
                ids.add(id);
                master.preseed(id, MinionDirs.prepare(c.root, id));
                Path yaml = MinionDirs.yaml(c.root, id, c.port);
                Files.writeString(yaml, "update_keys: [" + keys.publicKey() + "]\nupdate_timeout: 1800\n",
                        java.nio.file.StandardOpenOption.APPEND);
                Path mdir = MinionDirs.dir(c.root, id);
                // the launcher itself, so that a TERM reaches it: it passes it on to the minion it supervises
                minions.add(JavaProcess.run(List.of(launcher.toString(), "-c", yaml.toString(), "--log-level",
                        "warning"), mdir.resolve("launcher.log"), Map.of(
                                "BRINE_MINION_JAVA_OPTS", String.join(" ", PackagedMinion.jvmOptions()),
                                "BRINE_MINION_JAR", jarA.toString(),
                                "BRINE_MINION_CDS_DIR", cds.toString(),
                                "BRINE_MINION_VERSIONS", mdir.resolve("versions").toString())));
            }
            String list = String.join(",", ids);
            awaitVersion(client, list, n, BrineVersion.CURRENT, Duration.ofSeconds(60 + n));
            run.say("  %d minions under the launcher, answering; updating them to %s", n, NEW_VERSION);

            long t0 = System.nanoTime();
            Job job = client.update(list, TargetType.LIST, jarB, Path.of(jarB + ".sig"), false,
                    // every JVM of the fleet restarts at once on this machine's cores: 100 took over 7 minutes
                    Duration.ofSeconds(300 + 10L * n));
            double reportedS = (System.nanoTime() - t0) / 1e9;
            Map<String, Long> outcomes = new TreeMap<>();
            for (String id : ids) {
                MinionResult r = job.returns().get(id);
                String word = r == null ? "missing: " + (job.missing().containsKey(id) ? job.missing().get(id).label()
                        : "none") : String.valueOf(r.ret()).split(":")[0].split(" ")[0];
                outcomes.merge(word, 1L, Long::sum);
            }
            long updated = outcomes.getOrDefault("updated", 0L);
            run.say("  the update job ended after %.1f s: %s", reportedS, outcomes);
            if (updated < n) {
                job.returns().forEach((id, r) -> {
                    if (!String.valueOf(r.ret()).startsWith("updated")) {
                        run.say("    %s: %s", id, r.ret());
                    }
                });
                return ScenarioResult.failed((n - updated) + " of " + n + " minions were not updated: " + outcomes)
                        .figure("outcomes", outcomes);
            }
            double answeringS = awaitVersion(client, list, n, NEW_VERSION, Duration.ofSeconds(60 + n)) / 1e9
                    + reportedS;
            ScenarioResult result = ScenarioResult.measured()
                    .figure("minions", n)
                    .figure("reported_seconds", reportedS)
                    .figure("answering_seconds", answeringS)
                    .figure("outcomes", outcomes)
                    .row(n + " minions updated (job returned)", Report.num(reportedS) + " s", "", "",
                            "outcomes " + outcomes + "; a " + Files.size(jarB) / (1 << 20) + " MiB jar each")
                    .row(n + " minions answering as " + NEW_VERSION, Report.num(answeringS) + " s", "", "",
                            "from the update's start");
            return result;
        } finally {
            minions.forEach(JavaProcess::terminate);
        }
    }

    /** Nanoseconds until every one of {@code list} answers {@code test.version} with {@code version}. */
    private static long awaitVersion(MasterClient client, String list, int n, String version, Duration within)
            throws InterruptedException {
        long t0 = System.nanoTime();
        long deadline = t0 + within.toNanos();
        JobSpec ask = JobSpec.of(list, "test.version").withTargetType(TargetType.LIST)
                .withTimeout(Duration.ofSeconds(5));
        while (true) {
            Job j = client.call(ask);
            long right = j.returns().values().stream().filter(r -> version.equals(String.valueOf(r.ret()))).count();
            if (right == n) {
                return System.nanoTime() - t0;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(right + " of " + n + " minions answer " + version + " after "
                        + within.toSeconds() + " s; see their launcher.log");
            }
        }
    }
}
