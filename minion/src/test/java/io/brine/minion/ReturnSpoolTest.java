package io.brine.minion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.protocol.JobReturn;
import io.brine.protocol.MinionReturn;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReturnSpoolTest {
    private static final String J1 = "20261125120000000001";
    private static final String J2 = "20261125120000000002";
    private static final String J3 = "20261125120000000003";

    @TempDir
    Path dir;

    @Test
    void aReturnIsKeptUntilAcknowledgedAndSurvivesARestart() throws Exception {
        ReturnSpool spool = ReturnSpool.open(dir, 1 << 20);
        spool.running(J1, "cmd.run");
        spool.keep(new JobReturn(J1, MinionReturn.ok("one", 1, 2)));
        spool.keep(new JobReturn(J2, MinionReturn.ok("two", 3, 4)));
        assertFalse(Files.exists(dir.resolve(J1 + ".ret")), "written before it waited for its acknowledgement");
        spool.persist(0);
        assertTrue(Files.exists(dir.resolve(J1 + ".ret")));
        spool.acknowledged(J2);
        assertFalse(Files.exists(dir.resolve(J2 + ".ret")), "kept on disk after its acknowledgement");
        assertFalse(Files.exists(dir.resolve(J1 + ".run")), "the marker outlived the return");

        ReturnSpool again = ReturnSpool.open(dir, 1 << 20);
        List<JobReturn> pending = again.unacknowledged();
        assertEquals(1, pending.size());
        assertEquals(J1, pending.get(0).jid());
        assertEquals("one", pending.get(0).result().ret());
    }

    @Test
    void aJobRunningWhenTheMinionStoppedIsReportedLostAtTheNextStart() throws Exception {
        ReturnSpool spool = ReturnSpool.open(dir, 1 << 20);
        spool.running(J3, "cmd.run");
        // the process dies here: no return was ever kept

        JobReturn lost = ReturnSpool.open(dir, 1 << 20).unacknowledged().get(0);
        assertEquals(J3, lost.jid());
        assertFalse(lost.result().success());
        assertEquals(ReturnSpool.LOST, lost.result().retcode());
        assertTrue(String.valueOf(lost.result().ret()).startsWith("lost: the minion stopped while this job ran"));
    }

    @Test
    void awaitingAcknowledgementsEndsWhenTheLastArrivesOrAtTheTimeout() throws Exception {
        ReturnSpool spool = ReturnSpool.open(dir, 1 << 20);
        spool.keep(new JobReturn(J1, MinionReturn.ok("one", 1, 2)));
        spool.keep(new JobReturn(J2, MinionReturn.ok("two", 3, 4)));
        assertFalse(spool.awaitAcknowledged(List.of(J1), 50), "no acknowledgement came");
        Thread acker = new Thread(() -> spool.acknowledged(J1));
        acker.start();
        assertTrue(spool.awaitAcknowledged(List.of(J1, J3), 10_000), "J1 acknowledged, J3 never kept");
        acker.join();
        assertEquals(List.of(J2), spool.unacknowledged().stream().map(JobReturn::jid).toList());
    }

    @Test
    void overItsBoundTheOldestAreDroppedEachWithALogLine() throws Exception {
        List<java.util.logging.LogRecord> logged = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.logging.Logger log = java.util.logging.Logger.getLogger(ReturnSpool.class.getName());
        java.util.logging.Handler capture = new java.util.logging.Handler() {
            @Override
            public void publish(java.util.logging.LogRecord r) {
                logged.add(r);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        log.addHandler(capture);
        try {
            ReturnSpool spool = ReturnSpool.open(dir, 1500);
            spool.keep(new JobReturn(J1, MinionReturn.ok("x".repeat(1000), 1, 2)));
            spool.persist(0);
            assertEquals(List.of(), logged, "logged before anything was dropped");
            spool.keep(new JobReturn(J2, MinionReturn.ok("y".repeat(1000), 1, 2)));
            assertEquals(List.of(J2), spool.unacknowledged().stream().map(JobReturn::jid).toList());
            assertFalse(Files.exists(dir.resolve(J1 + ".ret")), "a dropped return left on disk");
            assertEquals(1, logged.size(), "one line per dropped return");
            String line = logged.get(0).getMessage();
            assertEquals(java.util.logging.Level.WARNING, logged.get(0).getLevel());
            assertTrue(line.contains("return_spool_max (1500 bytes)") && line.contains("dropped the unacknowledged "
                    + "return of job " + J1), line);
        } finally {
            log.removeHandler(capture);
        }
    }

    @Test
    void strayFilesAreRemoved() throws Exception {
        Files.writeString(dir.resolve("../escape.ret".replace("../", "")), "junk");
        Files.writeString(dir.resolve(J1 + ".tmp"), "half");
        Files.write(dir.resolve(J2 + ".ret"), new byte[] {1, 2, 3});
        assertEquals(0, ReturnSpool.open(dir, 1 << 20).size());
        try (var left = Files.list(dir)) {
            assertEquals(List.of(), left.toList());
        }
    }
}
