package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.jobs.Job;
import io.brine.jobs.JobSpec;
import io.brine.minion.Minion;
import io.brine.protocol.KeyStatus;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A minion behind a link that delays every packet 300 ms each way still connects, and its calls complete. */
class SlowLinkTest {
    private static final Duration WAIT = Duration.ofSeconds(30);

    @Test
    void callsCompleteOverA300MillisecondLink(@TempDir Path root) throws Exception {
        try (TestCluster c = TestCluster.start(root); DelayingProxy link = new DelayingProxy(c.port, 300)) {
            Minion far = c.addMinion("far", m -> m.withMasterPort(link.port()).withHeartbeat(Duration.ofSeconds(2)));
            TestCluster.awaitStatus(far, KeyStatus.PENDING, WAIT);
            assertEquals(0, c.cli("key", "accept", "far").exit());
            TestCluster.awaitStatus(far, KeyStatus.ACCEPTED, WAIT);
            for (int i = 0; i < 3; i++) {
                long t0 = System.nanoTime();
                Job r = c.master.client().call(JobSpec.of("far", "test.echo", "over a slow link")
                        .withTimeout(Duration.ofSeconds(10)));
                long millis = (System.nanoTime() - t0) / 1_000_000;
                assertEquals("over a slow link", r.returns().get("far").ret(), "call " + i + ": " + r.missing());
                // the delay is real: a job and its return cross the link once each way
                assertTrue(millis >= 600, "round trip of " + millis + " ms over a 300 ms link");
            }
        }
    }
}
