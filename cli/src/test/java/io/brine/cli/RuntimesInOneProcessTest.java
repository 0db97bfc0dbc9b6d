package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.functions.FunctionRegistry;
import io.brine.jobs.Event;
import io.brine.jobs.Job;
import io.brine.jobs.JobSpec;
import io.brine.jobs.Subscription;
import io.brine.master.Master;
import io.brine.master.MasterConfig;
import io.brine.master.TestPorts;
import io.brine.minion.Minion;
import io.brine.minion.MinionConfig;
import io.brine.minion.MinionRuntime;
import io.brine.protocol.KeyStatus;
import io.brine.protocol.crypto.KeyFiles;
import io.brine.protocol.crypto.StaticKeyPair;
import io.brine.transport.TransportRuntime;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Masters and minions in one JVM, each on the runtime its creator passed in: nothing hidden is shared between
 * them, closing one leaves no thread of it behind, and a key change concerns only the sessions of its id.
 */
@Timeout(120)
class RuntimesInOneProcessTest {
    private static final Duration WAIT = Duration.ofSeconds(20);

    @TempDir
    Path root;

    @Test
    void twoMastersAndThreeMinionsEachOnItsOwnRuntimeRunJobsWithoutCrossTalk() throws Exception {
        List<AutoCloseable> opened = new ArrayList<>();
        try {
            TransportRuntime runtimeA = open(opened, new TransportRuntime("master-a"));
            TransportRuntime runtimeB = open(opened, new TransportRuntime("master-b"));
            Master a = open(opened, Master.start(masterConfig("a"), runtimeA, failure -> { }));
            Master b = open(opened, Master.start(masterConfig("b"), runtimeB, failure -> { }));
            List<String> startedOnA = new CopyOnWriteArrayList<>();
            List<String> startedOnB = new CopyOnWriteArrayList<>();
            a.events().subscribe("brine/minion/*/start", e -> startedOnA.add(idOf(e)));
            b.events().subscribe("brine/minion/*/start", e -> startedOnB.add(idOf(e)));
            for (String id : List.of("a1", "a2")) {
                minion(opened, a, id);
            }
            minion(opened, b, "b1");

            ExecutorService callers = Executors.newFixedThreadPool(2);
            try {
                for (int round = 0; round < 5; round++) {
                    Future<Job> onA = callers.submit(() -> a.client().call(JobSpec.of("*", "test.ping")));
                    Future<Job> onB = callers.submit(() -> b.client().call(JobSpec.of("*", "test.ping")));
                    assertEquals(Set.of("a1", "a2"), onA.get().returns().keySet(), "master a's returns");
                    assertEquals(Set.of("b1"), onB.get().returns().keySet(), "master b's returns");
                }
            } finally {
                callers.shutdown();
            }
            assertEquals(Set.of("a1", "a2"), new TreeSet<>(startedOnA), "minions that connected to a");
            assertEquals(List.of("b1"), startedOnB, "minions that connected to b");

            assertTrue(threadsOf(runtimeB).size() > 0, "master b runs on its runtime's threads");
            b.close();
            runtimeB.close();
            assertEquals(List.of(), threadsOf(runtimeB), "no thread of master b is left");
            assertFalse(threadsOf(runtimeA).isEmpty(), "master a keeps its own");
            assertEquals(Set.of("a1", "a2"), a.client().call(JobSpec.of("*", "test.ping")).returns().keySet(),
                    "master a still works");
        } finally {
            closeAll(opened);
        }
        for (String name : List.of("master-a", "master-b", "minion-a1", "minion-a2", "minion-b1")) {
            assertEquals(List.of(), threadsNamed("@" + name), "threads of " + name + " after everything closed");
        }
    }

    @Test
    void preseedingAnUnrelatedKeyReauthenticatesNoneOfTwentyConnectedMinions() throws Exception {
        List<AutoCloseable> opened = new ArrayList<>();
        try {
            TransportRuntime masterRuntime = open(opened, new TransportRuntime("preseed-master"));
            Master master = open(opened, Master.start(masterConfig("m"), masterRuntime, failure -> { }));
            MinionRuntime fleet = open(opened, new MinionRuntime("fleet"));
            List<Minion> minions = new ArrayList<>();
            for (int i = 1; i <= 20; i++) {
                minions.add(open(opened, Minion.start(minionConfig(master, "fleet" + i),
                        FunctionRegistry.installed(), fleet)));
            }
            for (Minion m : minions) {
                TestCluster.awaitStatus(m, KeyStatus.ACCEPTED, WAIT);
            }
            List<String> authenticated = new CopyOnWriteArrayList<>();
            Subscription auth = master.events().subscribe("brine/auth/**", e -> authenticated.add(idOf(e)));
            opened.add(auth);

            StaticKeyPair newcomerKey = StaticKeyPair.generate();
            master.keys().preseed("newcomer", newcomerKey.publicKey());
            // The newcomer's own check queues behind whatever the pre-seed asked for: once it is accepted, any
            // re-check the pre-seed caused has been done.
            MinionConfig newcomer = minionConfig(master, "newcomer");
            Files.createDirectories(newcomer.pkiDir());
            KeyFiles.writePrivateKey(newcomer.pkiDir().resolve("minion.pem"), newcomerKey);
            Minion vm = open(opened, Minion.start(newcomer, FunctionRegistry.installed(), fleet));
            TestCluster.awaitStatus(vm, KeyStatus.ACCEPTED, WAIT);
            Await.until(() -> authenticated.contains("newcomer"), "the newcomer's auth event", WAIT);

            assertEquals(Set.of("newcomer"), Set.copyOf(authenticated), "auth events after the pre-seed");
            for (Minion m : minions) {
                assertEquals(KeyStatus.ACCEPTED, m.status(), m.id() + " kept its session");
            }
            assertEquals(21, master.client().call(JobSpec.of("*", "test.ping")).returns().size());
        } finally {
            closeAll(opened);
        }
    }

    private MasterConfig masterConfig(String name) throws Exception {
        Path dir = Files.createDirectories(root.resolve("master-" + name));
        Path yaml = Files.writeString(dir.resolve("master.yaml"), "interface: 127.0.0.1\nret_port: "
                + TestPorts.free() + "\npki_dir: " + dir.resolve("pki") + "\ncachedir: " + dir.resolve("cache")
                + "\ntimeout: 10\nauto_accept: true\n");
        return MasterConfig.load(yaml);
    }

    private MinionConfig minionConfig(Master master, String id) {
        return MinionConfig.underDirectory(root.resolve("minions").resolve(id), id, master.port())
                .withMasterFinger(master.fingerprint()).withHeartbeat(Duration.ofSeconds(1));
    }

    /** A minion of {@code master} on a runtime of its own ({@code minion-ID}), accepted. */
    private void minion(List<AutoCloseable> opened, Master master, String id) throws Exception {
        MinionRuntime runtime = open(opened, new MinionRuntime("minion-" + id));
        Minion m = open(opened, Minion.start(minionConfig(master, id), FunctionRegistry.installed(), runtime));
        TestCluster.awaitStatus(m, KeyStatus.ACCEPTED, WAIT);
    }

    private static String idOf(Event e) {
        return String.valueOf(e.data().get("id"));
    }

    private static List<String> threadsOf(TransportRuntime runtime) {
        return threadsNamed("@" + runtime.name());
    }

    /** Live threads whose name ends with {@code suffix}: a runtime's threads are {@code brine-ROLE@NAME}. */
    private static List<String> threadsNamed(String suffix) {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .filter(n -> n.endsWith(suffix)).sorted().toList();
    }

    private static <T extends AutoCloseable> T open(List<AutoCloseable> opened, T resource) {
        opened.add(resource);
        return resource;
    }

    /** Closes in reverse order of opening: minions before their runtimes, masters before theirs. */
    private static void closeAll(List<AutoCloseable> opened) throws Exception {
        for (int i = opened.size() - 1; i >= 0; i--) {
            opened.get(i).close();
        }
    }
}
