package io.brine.examples.orchestrator;

import io.brine.jobs.Event;
import io.brine.jobs.Job;
import io.brine.jobs.JobSpec;
import io.brine.jobs.Subscription;
import io.brine.master.Master;
import io.brine.master.MasterClient;
import io.brine.master.MasterConfig;
import io.brine.protocol.crypto.KeyFiles;
import io.brine.protocol.crypto.StaticKeyPair;
import io.brine.targeting.TargetType;
import java.io.IOException;
import java.io.InputStream;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What an orchestrator in the style of OpenStack Heat does with Brine as a library: pre-seed a guest's key,
 * boot the guest, wait for it to come up, push a file, apply states, and wait for the guest to say it is
 * ready. See {@code examples/orchestrator/README.md}.
 */
public final class HeatStyleOrchestrator {
    private static final String VM = "vm1";
    private static final List<String> TREE = List.of("app/init.sls", "app/app.conf.j2", "app/report-ready.sh");

    /** What happened, for the caller (and the test) to check. */
    public record Outcome(Duration bootToStart, Duration applyToReady, Job filePush, Job stateRun,
            Map<String, Object> readyData, Path guestDir) {
    }

    private HeatStyleOrchestrator() {
    }

    /**
     * Runs the example once and prints what happened.
     *
     * @param args the directory for the master's and the guest's files (a new directory under the system's
     *             temporary directory without one; its keys and cache would not suit a second run)
     */
    public static void main(String[] args) throws Exception {
        Path work = args.length > 0 ? Files.createDirectories(Path.of(args[0]))
                : Files.createTempDirectory("heat-demo");
        Outcome o = run(work, Duration.ofSeconds(60), System.out::println);
        System.out.println("ready after " + o.applyToReady().toMillis() + " ms: " + o.readyData());
        System.out.println("the master's and the guest's files are in " + work);
    }

    public static Outcome run(Path work, Duration timeout, java.util.function.Consumer<String> log) throws Exception {
        Path guestDir = Files.createDirectories(work.resolve("guest/app"));
        int port = freePort();
        MasterConfig config = MasterConfig.underDirectory(work.resolve("master"), port)
                .withRoots(List.of(writeTree(work)), List.of(writePillar(work, guestDir)));
        try (Master master = Master.start(config)) {
            BlockingQueue<Event> events = new LinkedBlockingQueue<>();
            CompletableFuture<Event> ready = new CompletableFuture<>();
            try (Subscription s = master.events().subscribe("brine/minion/" + VM + "/**", e -> {
                events.add(e);
                if (e.tag().equals("brine/minion/" + VM + "/event/ready")) {
                    ready.complete(e);
                }
            })) {
                log.accept("master up on port " + port + "; pre-seeding the key of " + VM);
                Path guestYaml = preseed(master, work, guestDir, port);
                long boot = System.nanoTime();
                Process guest = bootGuest(work, guestYaml);
                try {
                    awaitEvent(events, "brine/minion/" + VM + "/start", timeout, work.resolve("guest.log"));
                    Duration started = Duration.ofNanos(System.nanoTime() - boot);
                    log.accept(VM + " started in " + started.toMillis() + " ms; pushing a file");
                    Deployment d = deploy(master.client(), work, guestDir, timeout, log);
                    // A failed push or state run ends the wait for the ready event at once, not at its timeout.
                    d.states().whenComplete((job, failure) -> {
                        if (failure != null) {
                            ready.completeExceptionally(failure);
                        }
                    });
                    Event readyEvent = awaitReady(ready, timeout, work.resolve("guest.log"));
                    Duration applyToReady = Duration.ofNanos(System.nanoTime() - d.applyStarted().get());
                    Job states = d.states().get(timeout.toSeconds(), TimeUnit.SECONDS);
                    requireSuccess(states);
                    return new Outcome(started, applyToReady, d.push().join(), states, readyEvent.data(), guestDir);
                } finally {
                    guest.destroy();
                    guest.waitFor(10, TimeUnit.SECONDS);
                }
            }
        }
    }

    /** The two jobs of a deployment, as futures, and when the second one started. */
    private record Deployment(CompletableFuture<Job> push, CompletableFuture<Job> states, AtomicLong applyStarted) {
    }

    /**
     * Pushes the payload, then applies the states once it is there: one chain of futures, with no thread waiting
     * per step (the caller meanwhile waits for what only the guest can say, its ready event).
     */
    private static Deployment deploy(MasterClient client, Path work, Path guestDir, Duration timeout,
            java.util.function.Consumer<String> log) {
        AtomicLong applyStarted = new AtomicLong();
        CompletableFuture<Job> push = client.copyAsync(VM, TargetType.LIST,
                List.of(work.resolve("states/payload.txt")), guestDir + "/", timeout);
        CompletableFuture<Job> states = push.thenCompose(pushed -> {
            requireSuccess(pushed);
            log.accept("applying the app state tree");
            applyStarted.set(System.nanoTime());
            return client.callAsync(JobSpec.of(VM, "state.apply", "app").withTimeout(timeout));
        });
        return new Deployment(push, states, applyStarted);
    }

    private static Event awaitReady(CompletableFuture<Event> ready, Duration timeout, Path guestLog) throws Exception {
        try {
            return ready.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            String log = Files.exists(guestLog) ? Files.readString(guestLog) : "";
            throw new TimeoutException("no ready event within " + timeout.toSeconds() + " s; the guest said:\n"
                    + log.substring(Math.max(0, log.length() - 3000)));
        }
    }

    /** Generates the guest's key pair, accepts its public half, and leaves the private half for the guest. */
    private static Path preseed(Master master, Path work, Path guestDir, int port) throws IOException {
        Path pki = Files.createDirectories(work.resolve("guest/pki"));
        StaticKeyPair key = StaticKeyPair.generate();
        KeyFiles.writePrivateKey(pki.resolve("minion.pem"), key);
        master.keys().preseed(VM, key.publicKey());
        return Files.writeString(work.resolve("guest.yaml"), "id: " + VM + "\nmaster: 127.0.0.1\nmaster_port: " + port
                + "\nmaster_finger: '" + master.fingerprint() + "'\npki_dir: " + pki + "\ncachedir: "
                + work.resolve("guest/cache") + "\nheartbeat: 1\nfile_roots_allowed: ['" + guestDir + "']\n");
    }

    /** The guest agent as its own process, the way a VM's init would start it. */
    private static Process bootGuest(Path work, Path guestYaml) throws IOException {
        return new ProcessBuilder(brineCommand("minion", "-c", guestYaml.toString()))
                .redirectErrorStream(true).redirectOutput(work.resolve("guest.log").toFile()).start();
    }

    private static List<String> brineCommand(String... args) {
        List<String> cmd = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), "io.brine.cli.Main"));
        cmd.addAll(List.of(args));
        return cmd;
    }

    private static void requireSuccess(Job job) {
        if (!job.missing().isEmpty() || !job.returns().get(VM).success()) {
            throw new IllegalStateException(job.function() + " on " + VM + " failed: " + job.returns() + ", missing "
                    + job.missing());
        }
    }

    private static Path writeTree(Path work) throws IOException {
        Path states = Files.createDirectories(work.resolve("states"));
        for (String name : TREE) {
            Path target = states.resolve(name);
            Files.createDirectories(target.getParent());
            try (InputStream in = HeatStyleOrchestrator.class.getResourceAsStream("/orchestrator/states/" + name)) {
                if (in == null) {
                    throw new IOException("the example's state tree is missing: " + name);
                }
                Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
            }
        }
        Files.writeString(states.resolve("payload.txt"), "pushed by the orchestrator\n");
        return states;
    }

    /** Per-VM data, as an orchestrator passes it: stack, flavor, and how the guest reaches its own brine. */
    private static Path writePillar(Path work, Path guestDir) throws IOException {
        Path pillar = Files.createDirectories(work.resolve("pillar"));
        Files.writeString(pillar.resolve("top.sls"), "base:\n  '" + VM + "':\n    - " + VM + "\n");
        Files.writeString(pillar.resolve(VM + ".sls"), "app:\n  dir: " + guestDir + "\n  stack: heat-demo\n"
                + "  flavor: m1.small\n  brine: '" + String.join(" ", brineCommand()).replace("'", "''")
                + "'\n  minion_config: '" + work.resolve("guest.yaml") + "'\n");
        return pillar;
    }

    private static Event awaitEvent(BlockingQueue<Event> events, String tag, Duration timeout, Path guestLog)
            throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            long left = deadline - System.nanoTime();
            Event e = left > 0 ? events.poll(left, TimeUnit.NANOSECONDS) : null;
            if (e == null) {
                String log = Files.exists(guestLog) ? Files.readString(guestLog) : "";
                throw new TimeoutException("no " + tag + " event within " + timeout.toSeconds() + " s; the guest said:\n"
                        + log.substring(Math.max(0, log.length() - 3000)));
            }
            if (e.tag().equals(tag)) {
                return e;
            }
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
