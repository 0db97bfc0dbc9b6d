package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.jobs.JobSpec;
import io.brine.minion.Minion;
import io.brine.minion.MinionConfig;
import io.brine.protocol.KeyStatus;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Jobs cast with {@code brine run --async --queue TTL} reach minions that were away when they connect, across a
 * master restart; after the queue time they expire and never run; a killed job's queued deliveries are cancelled.
 * The outcome reads {@code queued}, then {@code expired}, or {@code killed} for a killed job (issue 25), in
 * {@code brine job show}'s text and in its JSON.
 */
class QueuedDeliveryTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration WAIT = Duration.ofSeconds(20);
    /** Issue 12: the stopped minion starts 10 s after the job was cast. */
    private static final Duration MINION_AWAY = Duration.ofSeconds(10);

    @TempDir
    Path root;

    @Test
    void aJobQueuedForAMinuteRunsWhenTheMinionStartsTenSecondsLaterAcrossAMasterRestart() throws Exception {
        try (TestCluster c = TestCluster.start(root)) {
            MinionConfig config = stoppedMinion(c, "late");
            long castAt = System.nanoTime();
            String jid = cast(c, "--queue", "1m", "late", "test.echo", "queued hello");
            assertOutcome(c, jid, "late", "queued");

            c.restartMaster(); // within the minion's 10 s away
            assertOutcome(c, jid, "late", "queued");

            // The fault itself, not a synchronisation: the minion comes back 10 s after the cast.
            long away = MINION_AWAY.toNanos() - (System.nanoTime() - castAt);
            assertTrue(away > 0, "the master restart took longer than the minion's time away");
            Thread.sleep(away / 1_000_000);
            c.minions.add(Minion.start(config));
            Await.until(() -> returned(c, jid, "late"), "the queued job's return", WAIT);
            JsonNode shown = show(c, jid);
            assertEquals("queued hello", shown.path("returns").path("late").path("ret").asText(), shown.toString());
            assertFalse(shown.path("missing").has("late"), shown.toString());
        }
    }

    @Test
    void aJobQueuedForTwoSecondsExpiresAcrossAMasterRestartAndNeverRunsAndAKilledOneIsCancelledAndReadsKilled()
            throws Exception {
        try (TestCluster c = TestCluster.start(root)) {
            MinionConfig config = stoppedMinion(c, "away");
            String expiring = cast(c, "--queue", "2s", "away", "test.echo", "too late");
            assertOutcome(c, expiring, "away", "queued");
            c.restartMaster(); // within the queue time, or about when it passes

            String killed = cast(c, "--queue", "10m", "away", "test.echo", "cancelled");
            TestCluster.CliResult listed = c.cli("job", "list", "--queued", "--out", "json");
            assertTrue(listed.out().contains(killed), listed.out());
            assertEquals(0, c.cli("job", "kill", killed).exit());
            assertFalse(c.cli("job", "list", "--queued", "--out", "json").out().contains(killed),
                    "a cancelled job is still listed as queued");
            assertOutcome(c, killed, "away", "killed");

            Await.until(() -> "expired".equals(outcome(c, expiring, "away")), "the queue time to pass", WAIT);
            assertOutcome(c, expiring, "away", "expired");
            assertOutcome(c, killed, "away", "killed"); // not 'expired': somebody stopped it

            Minion back = Minion.start(config);
            c.minions.add(back);
            TestCluster.awaitStatus(back, KeyStatus.ACCEPTED, WAIT);
            // A round trip on the new session: anything queued for it would have been sent before this answer.
            assertEquals(Boolean.TRUE, c.master.client().call(JobSpec.of("away", "test.ping")).returns().get("away")
                    .ret());
            assertFalse(returned(c, expiring, "away"), "an expired job ran");
            assertFalse(returned(c, killed, "away"), "a killed job ran");
            assertEquals("killed", outcome(c, killed, "away"));
        }
    }

    @Test
    void aQueuedJobPastTheMinionsBoundIsRefusedAtPublicationAndCounted() throws Exception {
        try (TestCluster c = TestCluster.start(root)) {
            stoppedMinion(c, "full");
            // the master keeps at most 1,000 deliveries for one minion (docs/limits.md)
            for (int i = 0; i < 1_000; i++) {
                c.master.client().cast(JobSpec.of("full", "test.echo", "n" + i).queued(Duration.ofMinutes(10)));
            }
            TestCluster.CliResult refused = c.cli("run", "--async", "--queue", "10m", "full", "test.echo", "one more");
            assertEquals(2, refused.exit(), refused.out() + refused.err());
            assertTrue(refused.err().contains("minion full already has 1000 queued jobs waiting"), refused.err());
            assertTrue(c.master.dropCounters().contains("jobs_refused_delivery_queue_minion=1"),
                    c.master.dropCounters());
            // nothing of the refused job was recorded: still 1,000 jobs queued
            assertEquals(1_000, JSON.readTree(c.cli("job", "list", "--queued", "--limit", "2000", "--out", "json")
                    .out()).size());
        }
    }

    /** {@code brine job show JID} says {@code outcome} for {@code id}, in its text and in its JSON. */
    private static void assertOutcome(TestCluster c, String jid, String id, String outcome) throws Exception {
        TestCluster.CliResult text = c.cli("job", "show", jid);
        String line = id + ":\n    Minion did not return. [" + Character.toUpperCase(outcome.charAt(0))
                + outcome.substring(1) + ":";
        assertTrue(text.out().contains(line), "no '" + line + "' in:\n" + text.out() + text.err());
        assertEquals(outcome, outcome(c, jid, id), "brine job show --out json " + jid);
    }

    /** A minion whose key is accepted, then stopped: it is away. */
    private static MinionConfig stoppedMinion(TestCluster c, String id) throws Exception {
        Minion m = c.addMinion(id);
        TestCluster.awaitStatus(m, KeyStatus.PENDING, WAIT);
        assertEquals(0, c.cli("key", "accept", id).exit());
        TestCluster.awaitStatus(m, KeyStatus.ACCEPTED, WAIT);
        MinionConfig config = m.config();
        m.close();
        c.minions.remove(m);
        Await.until(() -> c.cli("run", id, "test.ping").exit() != 0, id + " to be away", WAIT);
        return config;
    }

    private static String cast(TestCluster c, String... args) throws Exception {
        String[] all = new String[args.length + 4];
        all[0] = "run";
        all[1] = "--async";
        all[2] = "--out";
        all[3] = "json";
        System.arraycopy(args, 0, all, 4, args.length);
        TestCluster.CliResult r = c.cli(all);
        assertEquals(0, r.exit(), r.err());
        return JSON.readTree(r.out()).get("jid").asText();
    }

    private static JsonNode show(TestCluster c, String jid) throws Exception {
        return JSON.readTree(c.cli("job", "show", "--out", "json", jid).out());
    }

    private static String outcome(TestCluster c, String jid, String id) {
        try {
            JsonNode missing = show(c, jid).get("missing");
            return missing == null || missing.get(id) == null ? null : missing.get(id).asText();
        } catch (Exception e) {
            return null;
        }
    }

    private static boolean returned(TestCluster c, String jid, String id) {
        try {
            JsonNode returns = show(c, jid).get("returns");
            return returns != null && returns.has(id);
        } catch (Exception e) {
            return false;
        }
    }

}
