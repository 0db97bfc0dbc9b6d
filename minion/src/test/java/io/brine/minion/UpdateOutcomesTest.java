package io.brine.minion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.minion.update.UpdateMarker;
import io.brine.protocol.BrineVersion;
import io.brine.protocol.JobReturn;
import io.brine.protocol.MessageCodec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a start makes of an update in progress: the update job's return, filed once, by the version that knows. */
class UpdateOutcomesTest {
    private static final String JID = "20261129000000000077";

    @TempDir
    Path dir;

    @Test
    void theNewVersionOnTrialFilesUpdatedAndBecomesCurrentWhenCommitted() throws Exception {
        Path versions = Files.createDirectories(dir.resolve("versions"));
        Path spool = Files.createDirectories(dir.resolve("returns"));
        Files.writeString(spool.resolve(JID + ".run"), "update.apply");
        UpdateMarker trial = new UpdateMarker(BrineVersion.CURRENT, "0.0.1", JID, System.currentTimeMillis() + 60_000);
        trial.write(versions, UpdateMarker.TRIAL);

        Optional<UpdateMarker> onTrial = UpdateOutcomes.onStart(versions, spool);
        assertEquals(JID, onTrial.orElseThrow().jid());
        JobReturn filed = (JobReturn) MessageCodec.decode(Files.readAllBytes(spool.resolve(JID + ".ret")));
        assertEquals("updated 0.0.1 -> " + BrineVersion.CURRENT, filed.result().ret());
        assertFalse(Files.exists(spool.resolve(JID + ".run")), "answered once: not also reported lost");

        UpdateOutcomes.commit(versions, onTrial.get());
        assertEquals(BrineVersion.CURRENT, Files.readString(versions.resolve("current")).strip());
        assertFalse(Files.exists(versions.resolve("trial")));
    }

    @Test
    void thePreviousVersionFilesRolledBackWithTheNewOnesLastLines() throws Exception {
        Path versions = Files.createDirectories(dir.resolve("versions"));
        Path spool = Files.createDirectories(dir.resolve("returns"));
        Files.writeString(spool.resolve(JID + ".run"), "update.apply");
        Files.createDirectories(versions.resolve("9.9.9"));
        Files.writeString(versions.resolve("9.9.9/start.log"), "starting\nError: Could not find or load main class\n");
        new UpdateMarker("9.9.9", BrineVersion.CURRENT, JID, 0).write(versions, UpdateMarker.FAILED);

        assertEquals(Optional.empty(), UpdateOutcomes.onStart(versions, spool));
        JobReturn filed = (JobReturn) MessageCodec.decode(Files.readAllBytes(spool.resolve(JID + ".ret")));
        assertFalse(filed.result().success());
        String why = (String) filed.result().ret();
        assertTrue(why.startsWith("rolled-back: 9.9.9 did not reconnect"), why);
        assertTrue(why.endsWith("Error: Could not find or load main class"), why);
        assertFalse(Files.exists(versions.resolve("9.9.9")), "the failed version removed");
        assertFalse(Files.exists(versions.resolve("trial.failed")));
    }
}
