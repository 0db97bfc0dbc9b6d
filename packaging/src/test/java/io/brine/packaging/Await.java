package io.brine.packaging;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Waits for a condition, polling, up to a deadline; fails the test naming what never happened. */
final class Await {
    private Await() {
    }

    static void until(BooleanSupplier condition, String what, Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("waited " + within.toSeconds() + " s in vain for " + what);
            }
            Thread.sleep(200);
        }
    }
}
