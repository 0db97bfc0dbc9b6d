package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.jobs.JobFilter;
import io.brine.jobs.JobSpec;
import io.brine.minion.Minion;
import io.brine.protocol.FunctionSignature;
import io.brine.protocol.GrainsReport;
import io.brine.protocol.JobRequest;
import io.brine.protocol.KeyStatus;
import io.brine.protocol.Role;
import io.brine.targeting.TargetType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Minions report what their functions take; the master refuses a job they would refuse (its arguments, or a
 * function none of them runs), with their words, before publishing anything: nothing reaches a minion and no job
 * is recorded.
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
            awaitReported(c, "web*", 2);

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
        }
    }

    @Test
    void aFunctionNoTargetedMinionDeclaresIsRefusedBeforePublishingAndTheMinionSeesNoJob() throws Exception {
        try (TestCluster c = TestCluster.start(root);
                RogueClient decoy = new RogueClient(c.port, Role.MINION, "decoy")) {
            assertEquals(KeyStatus.PENDING, decoy.endpoint.awaitStatus(WAIT));
            assertEquals(0, c.cli("key", "accept", "decoy").exit());
            Await.until(() -> decoy.endpoint.status() == KeyStatus.ACCEPTED, "decoy accepted", WAIT);
            // a minion of the test's own that declares one function and records every job it is sent
            decoy.endpoint.send(new GrainsReport(Map.of(), Map.of("test.ping",
                    new FunctionSignature("test.ping", List.of(), false).toWire())));
            awaitReported(c, "decoy", 1);

            TestCluster.CliResult cli = c.cli("run", "decoy", "nosuch.function");
            assertEquals(2, cli.exit(), cli.out());
            assertTrue(cli.err().contains("decoy: 'nosuch.function' is not available on this minion (nothing was "
                    + "published)"), cli.err());
            IllegalArgumentException viaLibrary = assertThrows(IllegalArgumentException.class,
                    () -> c.master.client().cast(JobSpec.of("decoy", "nosuch.function", "an argument")));
            assertTrue(viaLibrary.getMessage().contains("'nosuch.function' is not available"), viaLibrary.getMessage());

            // The decoy is sent a job it declares: once it has that one, it would have had the refused ones before.
            String ping = c.master.client().cast(JobSpec.of("decoy", "test.ping"));
            Await.until(() -> jobsSent(decoy).contains(ping), "the job test.ping reaching the decoy", WAIT);
            // (the pings that waited for its grains, and this one)
            assertEquals(List.of("test.ping"), decoy.received.stream().filter(m -> m instanceof JobRequest)
                    .map(m -> ((JobRequest) m).function()).distinct().toList());
            assertEquals(0, c.master.client().jobs(new JobFilter(10, "nosuch.function", null, null, 0)).size(),
                    "a refused call was recorded as a job");
            String audit = Files.readString(c.master.config().auditLog());
            assertTrue(audit.contains("\"action\":\"refused\"") && audit.contains("nosuch.function"), audit);
        }
    }

    private static List<String> jobsSent(RogueClient minion) {
        return minion.received.stream().filter(m -> m instanceof JobRequest).map(m -> ((JobRequest) m).jid())
                .toList();
    }

    /** The signatures come with the grains: once a grain target reaches every minion, they are known. */
    private static void awaitReported(TestCluster c, String ids, int minions) throws InterruptedException {
        Await.until(() -> {
            String jid = c.master.client().cast(JobSpec.of("G@id:" + ids, "test.ping")
                    .withTargetType(TargetType.COMPOUND).withTimeout(Duration.ofSeconds(2)));
            return c.master.client().job(jid).map(j -> j.expected().size() == minions).orElse(false);
        }, "the minions' grains", WAIT);
    }
}
