package io.brine.cli;

import io.brine.targeting.TargetType;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.master.JobFilter;
import io.brine.master.JobSpec;
import io.brine.minion.Minion;
import io.brine.protocol.KeyStatus;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Minions report what their functions take; the master refuses a job they would refuse, with their words,
 * before publishing anything: nothing reaches a minion and no job is recorded.
 */
class DeclaredInputsTest {
    private static final Duration WAIT = Duration.ofSeconds(15);

    @TempDir
    Path root;

    @Test
    void aCallTheMinionsWouldRefuseIsRefusedBeforePublishing() throws Exception {
        try (TestCluster c = TestCluster.start(root)) {
            for (String id : new String[] {"web1", "web2"}) {
                Minion m = c.addMinion(id);
                TestCluster.awaitStatus(m, KeyStatus.PENDING, WAIT);
                assertEquals(0, c.cli("key", "accept", id).exit());
                TestCluster.awaitStatus(m, KeyStatus.ACCEPTED, WAIT);
            }
            awaitReported(c, 2);

            TestCluster.CliResult missing = c.cli("run", "web*", "test.echo");
            assertEquals(2, missing.exit(), missing.out());
            assertTrue(missing.err().contains(
                    "web1, web2: test.echo is missing its required argument 'text' (nothing was published)"),
                    missing.err());

            TestCluster.CliResult unknown = c.cli("run", "web1", "test.echo", "text=hi", "colour=red");
            assertEquals(2, unknown.exit());
            assertTrue(unknown.err().contains("test.echo has no parameter 'colour'"), unknown.err());

            TestCluster.CliResult type = c.cli("run", "web1", "test.sleep", "length=soon");
            assertEquals(2, type.exit());
            assertTrue(type.err().contains("argument 'length' must be a number, got 'soon'"), type.err());

            IllegalArgumentException viaLibrary = assertThrows(IllegalArgumentException.class,
                    () -> c.master.client().cast(JobSpec.of("web1", "test.echo", "a", "b")));
            assertTrue(viaLibrary.getMessage().contains("takes at most 1 positional arguments, got 2"),
                    viaLibrary.getMessage());

            assertEquals(0, c.master.client().jobs(new JobFilter(10, "test.echo", null, null, 0)).size(),
                    "a refused call was recorded as a job");
            assertEquals(0, c.master.client().jobs(new JobFilter(10, "test.sleep", null, null, 0)).size());
            TestCluster.CliResult ok = c.cli("run", "web1", "test.echo", "text=hi");
            assertEquals(0, ok.exit(), ok.err());
            // A function a minion did not declare is left to the minion, which says it is not available.
            TestCluster.CliResult absent = c.cli("run", "web1", "no.such_function");
            assertEquals(1, absent.exit());
            assertTrue(absent.out().contains("is not available"), absent.out());
        }
    }

    /** The signatures come with the grains: once a grain target reaches every minion, they are known. */
    private static void awaitReported(TestCluster c, int minions) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            if (c.master.client().call(JobSpec.of("G@id:web*", "test.ping").withTargetType(TargetType.COMPOUND)
                    .withTimeout(Duration.ofSeconds(2))).expected().size() == minions) {
                return;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the minions' grains never arrived");
    }
}
