package io.brine.minion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class QueuedJobLedgerTest {
    private static final String J1 = "20261125120000000001";
    private static final String J2 = "20261125120000000002";
    private static final String J3 = "20261125120000000003";

    @TempDir
    Path dir;
    private final AtomicLong clock = new AtomicLong(1_000_000);

    @Test
    void aJidTakenIsRefusedAgainAndAfterAReopen() throws Exception {
        QueuedJobLedger ledger = QueuedJobLedger.open(dir, clock::get);
        assertTrue(ledger.record(J1, 600_000));
        assertFalse(ledger.record(J1, 600_000), "taken twice in one run");
        assertTrue(Files.exists(dir.resolve(J1)), "not on disk before the job runs");

        QueuedJobLedger reopened = QueuedJobLedger.open(dir, clock::get);
        assertTrue(reopened.contains(J1));
        assertFalse(reopened.record(J1, 600_000), "taken again after a restart");
    }

    @Test
    void anEntryIsKeptForItsQueueTimeAndPrunedAfterIt() throws Exception {
        QueuedJobLedger ledger = QueuedJobLedger.open(dir, clock::get);
        ledger.record(J1, 10_000);
        clock.addAndGet(10_000 + QueuedJobLedger.MARGIN_MILLIS - 1);
        assertTrue(ledger.contains(J1), "forgotten before its queue time (and margin) passed");
        clock.addAndGet(1);
        assertFalse(ledger.contains(J1));
        ledger.record(J2, 10_000); // recording prunes what expired
        assertFalse(Files.exists(dir.resolve(J1)), "an expired entry left on disk");
        assertEquals(1, ledger.size());

        clock.addAndGet(10_000 + QueuedJobLedger.MARGIN_MILLIS);
        assertEquals(0, QueuedJobLedger.open(dir, clock::get).size(), "an expired entry taken back at a start");
        assertFalse(Files.exists(dir.resolve(J2)));
    }

    @Test
    void overItsBoundTheEntryWhoseTimeEndsFirstIsForgotten() throws Exception {
        QueuedJobLedger ledger = QueuedJobLedger.open(dir, clock::get, 2);
        ledger.record(J1, 60_000);
        ledger.record(J2, 1_000);
        ledger.record(J3, 30_000);
        assertEquals(2, ledger.size());
        assertFalse(ledger.contains(J2), "not the soonest to end was forgotten");
        assertTrue(ledger.contains(J1) && ledger.contains(J3));
        assertFalse(Files.exists(dir.resolve(J2)));
        assertEquals(1, ledger.forgotten(), "the forgotten entry counted");
    }

    @Test
    void aQueueTimeAsLongAsTheWireAllowsDoesNotWrapIntoThePast() throws Exception {
        QueuedJobLedger ledger = QueuedJobLedger.open(dir, clock::get);
        assertTrue(ledger.record(J1, Long.MAX_VALUE));
        clock.addAndGet(365L * 24 * 3600 * 1000);
        assertTrue(ledger.contains(J1), "pruned at once: its time wrapped round");
    }

    @Test
    void strayAndHalfWrittenFilesAreRemovedAtOpen() throws Exception {
        Files.writeString(dir.resolve(J1 + ".tmp"), "123");
        Files.writeString(dir.resolve(J2), "not a time");
        Files.writeString(dir.resolve("other"), "999999999999");
        assertEquals(0, QueuedJobLedger.open(dir, clock::get).size());
        try (var left = Files.list(dir)) {
            assertEquals(0, left.count());
        }
    }
}
