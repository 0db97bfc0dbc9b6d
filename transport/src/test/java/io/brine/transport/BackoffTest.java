package io.brine.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * The reconnect delay is jittered: after a master's going-away notice (which resets each peer's backoff) peers wait
 * different times, each between half the first step and the whole of it, so a fleet does not return in lockstep.
 */
class BackoffTest {
    private static final Duration MIN = Duration.ofMillis(500);
    private static final Duration MAX = Duration.ofSeconds(8);

    /** A peer whose backoff has grown, then heard the master is going away. */
    private static long firstDelayAfterGoingAway(RandomGenerator random) {
        Backoff b = new Backoff(MIN, MAX, random);
        for (int i = 0; i < 5; i++) {
            b.nextDelayMillis(); // earlier failures grew the step
        }
        b.reset(); // DealerHandshake.onGoingAway
        return b.nextDelayMillis();
    }

    @Test
    void twoPeersReconnectAfterDifferentWaitsWithinTheFirstStep() {
        long one = firstDelayAfterGoingAway(new SplittableRandom(1));
        long two = firstDelayAfterGoingAway(new SplittableRandom(2));
        assertTrue(one != two, "two peers wait the same " + one + " ms");
        for (long d : new long[] {one, two}) {
            assertTrue(d >= 250 && d <= 500, "a first delay of " + d + " ms, outside 250-500 ms");
        }
    }

    @Test
    void aHundredPeersSpreadOverTheWholeJitterRange() {
        Set<Long> delays = new HashSet<>();
        long lowest = Long.MAX_VALUE;
        long highest = Long.MIN_VALUE;
        for (int seed = 0; seed < 100; seed++) {
            long d = firstDelayAfterGoingAway(new SplittableRandom(seed));
            delays.add(d);
            lowest = Math.min(lowest, d);
            highest = Math.max(highest, d);
        }
        assertTrue(delays.size() > 50, "only " + delays.size() + " distinct delays among 100 peers");
        assertTrue(lowest < 300 && highest > 450, "delays only between " + lowest + " and " + highest + " ms");
    }

    @Test
    void theJitterIsHalfTheStepAtMostAndTheStepDoublesUpToItsCeiling() {
        RandomGenerator lowest = new FixedRandom(false);
        RandomGenerator highest = new FixedRandom(true);
        Backoff low = new Backoff(MIN, MAX, lowest);
        Backoff high = new Backoff(MIN, MAX, highest);
        long[] steps = {500, 1000, 2000, 4000, 8000, 8000};
        for (long step : steps) {
            assertEquals(step / 2, low.nextDelayMillis());
            assertEquals(step, high.nextDelayMillis());
        }
    }

    /** Always the smallest or always the largest value asked for. */
    private record FixedRandom(boolean largest) implements RandomGenerator {
        @Override
        public long nextLong() {
            throw new UnsupportedOperationException();
        }

        @Override
        public long nextLong(long bound) {
            return largest ? bound - 1 : 0;
        }
    }
}
