package io.brine.master;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.brine.jobs.JobSpec;
import io.brine.jobs.Subscription;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reactor on a real master of its own: nothing else spends its rules' budgets (120 a minute, 10 a minute for
 * each source), so a reaction it should not make is seen rather than hidden behind a spent budget.
 */
class ReactorTest {
    private static final Duration WAIT = Duration.ofSeconds(15);

    @TempDir
    Path root;

    /**
     * A rule on every new job must not feed on the jobs it starts itself. Each of the operator's jobs gets one
     * reaction. The bus hands an event to the reactor (subscribed when the master started) before this test's
     * subscription: once the test has seen a reaction's announcement, a reaction to it was already queued, before the
     * next operator's job was even published; two rounds later it is announced too.
     */
    @Test
    void aRuleOnEveryNewJobAnswersTheOperatorsJobsAndNeverItsOwn() throws Exception {
        Path yaml = Files.writeString(root.resolve("master.yaml"), "interface: 127.0.0.1\nret_port: " + TestPorts.free()
                + "\npki_dir: " + root.resolve("pki") + "\ncachedir: " + root.resolve("cache") + "\nreactor:\n"
                + "  - tag: 'brine/job/*/new'\n    fun: test.ping\n    tgt: 'nobody'\n");
        List<String> reactions = new CopyOnWriteArrayList<>();
        try (Master master = Master.start(MasterConfig.load(yaml));
                Subscription s = master.events().subscribe("brine/job/*/new", e -> {
                    if (Reactor.CALLER.equals(e.data().get("user"))) {
                        reactions.add(e.tag());
                    }
                })) {
            for (int round = 1; round <= 3; round++) {
                master.client().cast(JobSpec.of("*", "test.echo", "round " + round));
                int wanted = round;
                awaitAtLeast(reactions, wanted, "the reaction to the operator's job " + round);
            }
            assertEquals(3, reactions.size(), "one reaction per operator's job, none to its own: " + reactions);
        }
    }

    private static void awaitAtLeast(List<String> reactions, int n, String what) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (reactions.size() < n) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("waited in vain for " + what + "; reactions: " + reactions);
            }
            Thread.sleep(10);
        }
    }
}
