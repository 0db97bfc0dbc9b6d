package io.brine.jobs.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.jobs.Job;
import io.brine.jobs.MinionOutcome;
import io.brine.protocol.JobRecord;
import io.brine.protocol.MinionReturn;
import io.brine.targeting.TargetType;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The wire carries a job's facts; the one enum of outcomes is derived from them here, and only here. */
class JobResultsTest {
    private static final long START = 1_700_000_000_000L;

    /** One minion in each situation a record can describe, queued until {@code START + 60 s}. */
    private static JobRecord everyCase() {
        return new JobRecord("20261122101500123456", "test.ping", List.of(), Map.of(), "*", "glob", "alice", START,
                5_000, List.of("ret", "gone", "ack", "typo", "killed", "away", "quiet"),
                List.of("typo", "killed", "away"), List.of("ack", "gone"),
                Map.of("ret", MinionReturn.ok(true, START, START + 10)), List.of("typo"), START + 60_000,
                List.of("gone"), List.of("killed"));
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
        Map<String, MinionOutcome> missing = JobResults.missing(everyCase(), START + 1_000);
        assertEquals(expected, missing);
        assertEquals(List.copyOf(expected.keySet()), List.copyOf(missing.keySet()));
        assertEquals(MinionOutcome.RETURNED, JobResults.outcome(everyCase(), "ret", START + 1_000));
    }

    @Test
    void aQueuedDeliveryExpiresWithTheClockAndAnUnqueuedOneWasNeverConnected() {
        assertEquals(MinionOutcome.EXPIRED, JobResults.outcome(everyCase(), "away", START + 60_000));
        JobRecord unqueued = new JobRecord("20261122101500123456", "test.ping", List.of(), Map.of(), "*", "glob",
                "alice", START, 5_000, List.of("away"), List.of("away"), List.of(), Map.of());
        assertEquals(MinionOutcome.NOT_CONNECTED, JobResults.outcome(unqueued, "away", START + 1_000));
    }

    @Test
    void aRecordReadsAsTheJobItDescribes() {
        Job job = JobResults.job(everyCase(), false);
        assertEquals(TargetType.GLOB, job.targetType());
        assertEquals(Instant.ofEpochMilli(START), job.startTime());
        assertEquals(Duration.ofSeconds(5), job.timeout());
        assertEquals(Map.of("ret", true), Map.of("ret", job.returns().get("ret").ret()));
        assertEquals(6, job.missing().size());
        assertFalse(job.complete());
        assertFalse(job.succeeded());
        assertTrue(JobResults.ended(everyCase(), START + 5_000 + JobResults.TIMEOUT_GRACE_MILLIS));
    }
}
