package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.jobs.Job;
import io.brine.jobs.JobSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded client's side of a restart: a master closed in this JVM under a call, and a new one started on the
 * same pki_dir and cachedir. The call ends at once, incomplete, with its jid; the new master awaits the job by that
 * jid and answers with the whole job once the minion has sent its return again.
 */
class MasterClientRestartTest {
    @TempDir
    Path root;

    @Test
    void aCallInFlightWhenTheMasterStopsEndsIncompleteAndIsAwaitedWholeOnTheNextMaster() throws Exception {
        try (TestCluster c = TestCluster.start(root)) {
            c.acceptedMinion("m1");
            CompletableFuture<Job> call = c.master.client().callAsync(JobSpec.of("m1", "cmd.run", "sleep 3; echo done")
                    .withTimeout(Duration.ofSeconds(20)));
            Path running = root.resolve("minions/m1/cache/returns");
            Await.until(() -> hasRunMarker(running), "the job running on m1", Duration.ofSeconds(10));

            c.restartMaster();

            Job cut = call.get(5, TimeUnit.SECONDS); // ended by the stop, not by the job
            assertFalse(cut.complete(), cut.toString());
            assertEquals(Map.of(), cut.returns());
            assertTrue(cut.missing().containsKey("m1"), cut.toString());
            Job whole = c.master.client().job(cut.jid(), Duration.ofSeconds(20)).orElseThrow();
            assertTrue(whole.complete(), whole.toString());
            assertEquals("done", whole.returns().get("m1").ret(), whole.toString());
            assertFalse(c.master.client().running(cut.jid()));
        }
    }

    private static boolean hasRunMarker(Path spool) {
        try (var files = Files.list(spool)) {
            return files.anyMatch(p -> p.getFileName().toString().endsWith(".run"));
        } catch (java.io.IOException e) {
            return false; // not made yet
        }
    }
}
