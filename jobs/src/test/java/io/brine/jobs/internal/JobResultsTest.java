package io.brine.jobs.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.jobs.Job;
import io.brine.jobs.JobOverview;
import io.brine.jobs.JobState;
import io.brine.jobs.MinionOutcome;
import io.brine.protocol.JobRecord;
import io.brine.protocol.JobSummary;
import io.brine.protocol.MinionReturn;
import io.brine.targeting.TargetType;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The wire carries a job's facts; they translate to the master's value and back without losing one. */
class JobResultsTest {
    private static final long START = 1_700_000_000_000L;

    /** One minion in each situation a record can describe, queued until {@code START + 60 s}. */
    private static JobRecord everyCase() {
        Map<String, MinionReturn> returns = new LinkedHashMap<>();
        returns.put("ret", MinionReturn.ok(Map.of("k", 1L), START, START + 10));
        returns.put("bad", MinionReturn.failed(124, "timed out", START + 1, START + 11));
        return new JobRecord("20261122101500123456", "cmd.run", java.util.Arrays.asList("x", null, 2L),
                Map.of("cwd", "/tmp"), "*", "glob", "alice", START, 5_000,
                List.of("bad", "ret", "gone", "ack", "typo", "killed", "away", "quiet"),
                List.of("typo", "killed", "away"), List.of("ack", "gone", "bad"), returns, List.of("typo"),
                START + 60_000, List.of("gone"), List.of("killed"));
    }

    @Test
    void aRecordTranslatesToTheMastersValueAndBackUnchanged() {
        JobState s = JobResults.state(everyCase());
        assertEquals(TargetType.GLOB, s.targetType());
        assertEquals(Instant.ofEpochMilli(START), s.startTime());
        assertEquals(Duration.ofSeconds(5), s.timeout());
        assertEquals(Instant.ofEpochMilli(START + 60_000), s.queueUntil());
        assertEquals(List.of("ret", "bad"), List.copyOf(s.returns().keySet()), "in the order taken");
        assertEquals(everyCase(), JobResults.record(s));
    }

    @Test
    void aRecordNotQueuedHasNoQueueTimeAndGoesBackAsZero() {
        JobRecord unqueued = new JobRecord("20261122101500123456", "test.ping", List.of(), Map.of(), "web1", "list",
                "alice", START, 5_000, List.of("web1"), List.of("web1"), List.of(), Map.of());
        JobState s = JobResults.state(unqueued);
        assertNull(s.queueUntil());
        assertEquals(TargetType.LIST, s.targetType());
        assertEquals(unqueued, JobResults.record(s));
    }

    @Test
    void aReturnTranslatesBothWaysWithEveryFact() {
        MinionReturn failed = MinionReturn.failed(2, List.of("no such file"), START, START + 5);
        assertEquals(failed, JobResults.minionReturn(JobResults.result(failed)));
        assertEquals(2, JobResults.result(failed).retcode());
        assertFalse(JobResults.result(failed).success());
    }

    @Test
    void aListingLineTranslatesBothWaysWithTheTargetTypesSaltName() {
        JobSummary wire = new JobSummary("20261122101500123456", "state.apply", "G@os:Debian", "compound", "alice",
                START, 8, 3);
        JobOverview line = JobResults.overview(wire);
        assertEquals(TargetType.COMPOUND, line.targetType());
        assertEquals(Instant.ofEpochMilli(START), line.startTime());
        assertEquals(wire, JobResults.summary(line));
    }

    @Test
    void aRecordReadsAsTheJobItsFactsDescribe() {
        Job job = JobResults.job(everyCase(), false);
        assertEquals(MinionOutcome.EXPIRED, job.missing().get("away"), "its queue time passed by the reader's clock");
        assertEquals(6, job.missing().size());
        assertFalse(job.complete());
        assertTrue(JobResults.job(everyCase()).complete());
        assertFalse(JobResults.ended(everyCase(), START + 1_000));
        assertTrue(JobResults.ended(everyCase(), START + 5_000 + JobState.TIMEOUT_GRACE.toMillis()));
    }
}
