package io.brine.master;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.junit.jupiter.api.Test;

class ReturnAcksTest {
    @Test
    void aReturnStoredWhileTheMasterClosesIsNotAnErrorOnTheJobCacheThread() {
        // Master.close stops its timer, then the job cache writes its last batch and reports those returns stored.
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
        timer.shutdownNow();
        ReturnAcks acks = new ReturnAcks(timer);

        assertDoesNotThrow(() -> acks.stored(null, "20261126015800000001"));
        assertDoesNotThrow(() -> acks.stored(null, "20261126015800000002"));
    }
}
