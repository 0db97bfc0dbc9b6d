package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.jobs.Job;
import io.brine.jobs.JobSpec;
import io.brine.jobs.MinionResult;
import io.brine.minion.Minion;
import io.brine.protocol.KeyStatus;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Large outputs arrive truncated, with a marker, instead of tearing the session down; a master with a smaller
 * max_return_size than its minion's has the minion cut its returns to fit (a minion that does not know the
 * master's limits, an older one, gets a failed return recorded that says so: see {@code MasterDispatcher}).
 */
class ReturnSizeTest {
    private static final Duration WAIT = Duration.ofSeconds(15);
    /** 9 MB of output: more than the 8 MiB frame limit. */
    private static final String BIG_OUTPUT = "yes a | head -c 9000000";

    @TempDir
    Path root;

    @Test
    void anOutputOverTheFrameLimitArrivesTruncatedWithAMarker() throws Exception {
        try (TestCluster c = TestCluster.start(root)) {
            accepted(c, "web1", m -> m);
            Job r = c.master.client().call(JobSpec.of("web1", "cmd.run", BIG_OUTPUT).withTimeout(WAIT));
            MinionResult ret = r.returns().get("web1");
            assertTrue(ret != null, "no return: " + r.missing());
            String out = String.valueOf(ret.ret()); // cmd.run's return is the output itself
            assertTrue(out.startsWith("a\na\n"), out.substring(0, 20));
            assertTrue(out.contains("[... truncated by brine: the return was"), out.substring(out.length() - 200));
            assertTrue(out.length() < 4_200_000, "length " + out.length());
            // The session survived: the next job is answered at once.
            assertEquals(Map.of("web1", true), Map.of("web1", c.master.client().call(JobSpec.of("web1", "test.ping"))
                    .returns().get("web1").ret()));
        }
    }

    @Test
    void aHundredMegabyteOutputIsCutTwiceAndStillArrives() throws Exception {
        try (TestCluster c = TestCluster.start(root)) {
            accepted(c, "web1", m -> m);
            Job r = c.master.client().call(JobSpec.of("web1", "cmd.run_all", "yes 0123456789 | head -c 100000000")
                    .withTimeout(Duration.ofSeconds(60)));
            Map<?, ?> ret = (Map<?, ?>) r.returns().get("web1").ret();
            String out = String.valueOf(ret.get("stdout"));
            // cmd.run keeps the first 16 MiB; the return is then cut below max_return_size, saying so.
            assertTrue(String.valueOf(ret.get("comment")).contains("stdout cut to its first 16 MiB of 95.4 MiB"),
                    String.valueOf(ret.get("comment")));
            assertTrue(out.contains("[... truncated by brine: the return was"), out.substring(out.length() - 200));
            assertTrue(out.length() < 4_200_000);
        }
    }

    @Test
    void aMasterWithASmallerMaxReturnSizeHasTheMinionCutItsReturnsToFit() throws Exception {
        try (TestCluster c = TestCluster.start(root, "max_return_size: 65536\n")) {
            accepted(c, "web1", m -> m);
            Job r = c.master.client().call(JobSpec.of("web1", "cmd.run", "yes b | head -c 200000")
                    .withTimeout(WAIT));
            MinionResult ret = r.returns().get("web1");
            assertTrue(ret.success(), String.valueOf(ret.ret()));
            assertTrue(String.valueOf(ret.ret()).endsWith("[... truncated by brine: the return was 200000 bytes, over "
                    + "the master's max_return_size 65536]"), String.valueOf(ret.ret()).substring(60_000));
            assertTrue(c.master.dropCounters().contains("oversize_returns=0"), c.master.dropCounters());
        }
    }

    private static Minion accepted(TestCluster c, String id,
            java.util.function.UnaryOperator<io.brine.minion.MinionConfig> custom) throws Exception {
        Minion m = c.addMinion(id, custom);
        TestCluster.awaitStatus(m, KeyStatus.PENDING, WAIT);
        assertEquals(0, c.cli("key", "accept", id).exit());
        TestCluster.awaitStatus(m, KeyStatus.ACCEPTED, WAIT);
        return m;
    }
}
