package io.brine.states.execution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class StateRunLockTest {
    @Test
    void aSecondRunIsRefusedNamingTheRunThatHoldsTheLock() {
        StateRunLock lock = new StateRunLock();
        assertEquals(Optional.empty(), lock.tryTake("20261129000000000001", "state.apply"));
        String refused = lock.tryTake("20261129000000000002", "state.sls").orElseThrow();
        assertTrue(refused.startsWith("The function \"state.apply\" is running as jid 20261129000000000001"), refused);
        lock.release("20261129000000000002"); // not the holder: changes nothing
        assertTrue(lock.tryTake("20261129000000000003", "state.sls").isPresent());
        lock.release("20261129000000000001");
        assertEquals(Optional.empty(), lock.tryTake("20261129000000000003", "state.sls"));
    }

    @Test
    void aQueuedRunTakesTheLockWhenTheRunningOneEndsOrGivesUpAtItsDeadline() throws Exception {
        StateRunLock lock = new StateRunLock();
        lock.tryTake("20261129000000000001", "state.apply");
        assertFalse(lock.take("20261129000000000002", "state.apply", Instant.now().minusMillis(1)),
                "a deadline passed already: no wait");
        CompletableFuture<Boolean> queued = CompletableFuture.supplyAsync(() -> {
            try {
                return lock.take("20261129000000000002", "state.apply", Instant.now().plusSeconds(30));
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        lock.release("20261129000000000001");
        assertTrue(queued.get(30, TimeUnit.SECONDS));
        assertTrue(lock.tryTake("20261129000000000003", "state.apply").orElseThrow()
                .contains("20261129000000000002"), "the queued run holds it now");
    }
}
