package io.brine.examples.orchestrator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HeatStyleOrchestratorTest {
    @TempDir
    Path work;

    @Test
    void aPreseededGuestBootsTakesAFileAndStatesAndPostsReady() throws Exception {
        HeatStyleOrchestrator.Outcome o = HeatStyleOrchestrator.run(work, Duration.ofSeconds(60), line -> { });
        assertTrue(o.filePush().missing().isEmpty() && o.filePush().returns().get("vm1").success(),
                "the file push succeeded: " + o.filePush());
        assertEquals("pushed by the orchestrator\n", Files.readString(o.guestDir().resolve("payload.txt")));
        assertTrue(o.stateRun().returns().get("vm1").success(), "the states applied: " + o.stateRun());
        assertTrue(Files.readString(o.guestDir().resolve("app.conf")).contains("stack = heat-demo"));
        assertEquals("ok", o.readyData().get("status"));
        assertEquals("heat-demo", o.readyData().get("stack"), "the ready event comes from the guest's own check");
    }
}
