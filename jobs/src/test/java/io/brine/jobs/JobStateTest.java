package io.brine.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.targeting.TargetType;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The master keeps a job's facts; the one enum of outcomes, and whether the job ended, are derived here only. */
class JobStateTest {
    private static final Instant START = Instant.ofEpochMilli(1_700_000_000_000L);

    /** One minion in each situation the facts can describe, queued until {@code START + 60 s}. */
    static JobState everyCase() {
        return new JobState("20261122101500123456", "test.ping", List.of(), Map.of(), "*", TargetType.GLOB, "alice",
                START, Duration.ofSeconds(5), List.of("ret", "gone", "ack", "typo", "killed", "away", "quiet"),
                List.of("typo", "killed", "away"), List.of("ack", "gone"),
                Map.of("ret", new MinionResult(true, 0, true, START, START.plusMillis(10))), List.of("typo"),
                START.plusSeconds(60), List.of("gone"), List.of("killed"));
    }

    @Test
    void eachMissingMinionGetsTheOutcomeItsFactsSayInTheOrderExpected() {
        Map<String, MinionOutcome> expected = new LinkedHashMap<>();
        expected.put("gone", MinionOutcome.DISCONNECTED);
        expected.put("ack", MinionOutcome.RUNNING);
        expected.put("typo", MinionOutcome.UNKNOWN);
        expected.put("killed", MinionOutcome.KILLED);
        expected.put("away", MinionOutcome.QUEUED);
        expected.put("quiet", MinionOutcome.NO_RESPONSE);
        Map<String, MinionOutcome> missing = everyCase().missingOutcomes(START.plusSeconds(1));
        assertEquals(expected, missing);
        assertEquals(List.copyOf(expected.keySet()), List.copyOf(missing.keySet()));
        assertEquals(MinionOutcome.RETURNED, everyCase().outcome("ret", START.plusSeconds(1)));
    }

    @Test
    void aQueuedDeliveryExpiresWithTheClockAndAnUnqueuedOneWasNeverConnected() {
        assertEquals(MinionOutcome.EXPIRED, everyCase().outcome("away", START.plusSeconds(60)));
        JobState unqueued = JobState.published("20261122101500123456",
                JobSpec.of("away", "test.ping").withTimeout(Duration.ofSeconds(5)), "alice", START, List.of("away"),
                List.of("away"), List.of(), null);
        assertEquals(MinionOutcome.NOT_CONNECTED, unqueued.outcome("away", START.plusSeconds(1)));
        assertFalse(unqueued.queuedAt(START));
    }

    @Test
    void aJobEndsWhenNoMinionItWaitsForIsLeftOrItsTimeoutAndGracePassed() {
        JobState s = everyCase();
        assertEquals(List.of("ack", "quiet"), s.awaited(), "connected, neither returned nor gone");
        assertFalse(s.ended(START.plusSeconds(5)));
        assertTrue(s.ended(START.plusSeconds(5).plus(JobState.TIMEOUT_GRACE)));
        JobState none = JobState.published("20261122101500123456",
                JobSpec.of("away", "test.ping").withTimeout(Duration.ofSeconds(5)), "alice", START, List.of("away"),
                List.of("away"), List.of(), START.plusSeconds(60));
        assertTrue(none.ended(START), "a queued delivery is never waited for");
    }

    @Test
    void theJobACallerSeesCarriesWhatWasAskedAndTheDerivedOutcomes() {
        Job job = everyCase().job(START.plusSeconds(1), false);
        assertEquals(TargetType.GLOB, job.targetType());
        assertEquals(START, job.startTime());
        assertEquals(Duration.ofSeconds(5), job.timeout());
        assertEquals(Map.of("ret", 0), Map.of("ret", job.returns().get("ret").retcode()));
        assertEquals(6, job.missing().size());
        assertFalse(job.complete());
        assertFalse(job.succeeded());
        assertTrue(everyCase().job(START.plusSeconds(7)).complete(), "by the clock, its timeout and grace passed");
    }

    @Test
    void timesAreKeptToTheMillisecondAsTheWireAndTheCacheKeepThem() {
        JobState s = JobState.published("20261122101500123456",
                JobSpec.of("m1", "test.ping").withTimeout(Duration.ofMillis(1500).plusNanos(7)), "alice",
                START.plusNanos(999_999), List.of("m1"), List.of(), List.of(), START.plusNanos(1));
        assertEquals(START, s.startTime());
        assertEquals(Duration.ofMillis(1500), s.timeout());
        assertEquals(START, s.queueUntil());
    }

    @Test
    void aKillEndsTheQueueAndCountsTheCancelledDeliveriesAsKilled() {
        JobState killed = everyCase().withQueueEnded(START.plusSeconds(2), List.of("away"));
        assertEquals(List.of("killed", "away"), killed.killed());
        assertEquals(MinionOutcome.KILLED, killed.outcome("away", START.plusSeconds(3)));
        assertFalse(killed.queuedAt(START.plusSeconds(3)));
    }
}
