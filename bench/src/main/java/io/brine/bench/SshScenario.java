package io.brine.bench;

import io.brine.jobs.Job;
import io.brine.jobs.JobSpec;
import io.brine.jobs.MinionResult;
import io.brine.jobs.SshOptions;
import io.brine.master.Master;
import io.brine.master.MasterConfig;
import io.brine.ssh.LoopbackSshd;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code brine ssh} to two roster hosts (two real sshd on loopback, as root; a master of its own): a shell function
 * ({@code cmd.run}), and a state applied through Brine's jar cold (the hosts' caches emptied first, so the jar is
 * copied) and warm (the jar kept by hash; only the run's files travel). The jar is the minion package's beside the
 * brine jar when the build made one, else the brine jar itself (it answers {@code call --local} the same way).
 */
final class SshScenario implements Scenario {
    private static final Duration TIMEOUT = Duration.ofSeconds(120);
    private static final int SHELL_ROUNDS = 10;
    private static final int COLD_ROUNDS = 3;
    private static final int WARM_ROUNDS = 5;
    private static final List<String> HOSTS = List.of("web1", "web2");

    @Override
    public String name() {
        return "ssh";
    }

    @Override
    public ScenarioResult run(BenchRun run) throws Exception {
        String noJar = run.needsJar();
        if (noJar != null) {
            return ScenarioResult.notAvailable(noJar);
        }
        Optional<String> noSshd = LoopbackSshd.unavailable();
        if (noSshd.isPresent()) {
            return ScenarioResult.notAvailable(noSshd.get());
        }
        Path jar = Optional.ofNullable(PackagedMinion.jar(run.options.brineJar())).orElse(run.options.brineJar());
        Path root = Files.createDirectories(run.options.workDir().resolve("ssh"));
        List<Path> caches = new ArrayList<>();
        List<LoopbackSshd> hosts = new ArrayList<>();
        try {
            StringBuilder roster = new StringBuilder();
            StringBuilder known = new StringBuilder();
            for (String id : HOSTS) {
                Path cache = root.resolve(id + "-cache");
                caches.add(cache);
                LoopbackSshd h = LoopbackSshd.start(root.resolve(id), "SetEnv XDG_CACHE_HOME=" + cache + "\n");
                hosts.add(h);
                roster.append(id).append(":\n  host: 127.0.0.1\n  port: ").append(h.port()).append("\n  priv: ")
                        .append(h.userKey()).append('\n');
                known.append(h.knownHostsLine());
            }
            Path states = Files.createDirectories(root.resolve("states/bench"));
            Files.writeString(states.resolve("init.sls"), root.resolve("out") + "/{{ grains['id'] }}:\n"
                    + "  file.managed:\n    - contents: \"{{ pillar.get('greeting', 'hello') }}\"\n    - makedirs: True\n");
            MasterConfig config = MasterConfig.underDirectory(root.resolve("master"), Cluster.freePort())
                    .withRoots(List.of(root.resolve("states")), List.of(root.resolve("pillar")));
            config = config.withSsh(config.ssh().withRosterFile(Files.writeString(root.resolve("roster"), roster))
                    .withKnownHosts(Files.writeString(root.resolve("known_hosts"), known)).withMinionJar(jar));
            try (Master master = Master.start(config)) {
                List<Long> shell = new ArrayList<>();
                for (int i = 0; i < SHELL_ROUNDS; i++) {
                    shell.add(timed(master, JobSpec.of("web*", "cmd.run", "true")));
                }
                List<Long> cold = new ArrayList<>();
                for (int i = 0; i < COLD_ROUNDS; i++) {
                    for (Path cache : caches) {
                        WorkFiles.deleteTree(cache);
                    }
                    cold.add(timed(master, JobSpec.of("web*", "state.apply", "bench")));
                }
                List<Long> warm = new ArrayList<>();
                for (int i = 0; i < WARM_ROUNDS; i++) {
                    warm.add(timed(master, JobSpec.of("web*", "state.apply", "bench")));
                }
                Samples s = Samples.ofNanos(shell);
                Samples c = Samples.ofNanos(cold);
                Samples w = Samples.ofNanos(warm);
                double jarMib = Files.size(jar) / (1024.0 * 1024);
                return ScenarioResult.measured()
                        .figure("hosts", HOSTS.size())
                        .figure("jar_mib", jarMib)
                        .figure("shell_median_ms", s.medianMs())
                        .figure("state_cold_median_ms", c.medianMs())
                        .figure("state_warm_median_ms", w.medianMs())
                        .row("cmd.run on 2 hosts", Report.num(s.medianMs()) + " ms", "", "", s.spread())
                        .row("state.apply on 2 hosts, cold (jar copied)", Report.num(c.medianMs()) + " ms", "", "",
                                c.spread() + "; jar " + Report.num(jarMib) + " MiB")
                        .row("state.apply on 2 hosts, warm", Report.num(w.medianMs()) + " ms", "", "", w.spread());
            }
        } finally {
            for (LoopbackSshd h : hosts) {
                h.close();
            }
        }
    }

    /** The nanoseconds of one job over SSH to both hosts; a host that did not succeed fails the scenario. */
    private static long timed(Master master, JobSpec spec) throws InterruptedException {
        long t0 = System.nanoTime();
        Job job = master.client().call(spec.withTimeout(TIMEOUT).overSsh(SshOptions.KNOWN_HOSTS));
        long nanos = System.nanoTime() - t0;
        for (String id : HOSTS) {
            MinionResult r = job.returns().get(id);
            if (r == null || !r.success()) {
                throw new IllegalStateException(spec.function() + " on " + id + ": "
                        + (r == null ? job.missing().get(id) : r.ret()));
            }
        }
        return nanos;
    }
}
