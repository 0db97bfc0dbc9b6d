package io.brine.output;

import io.brine.jobs.Job;
import io.brine.jobs.internal.JobResults;
import io.brine.protocol.JobRecord;
import io.brine.protocol.MinionReturn;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Jobs for the renderers' tests, with the times of the README's example: built as the master records them and read
 * as a client reads them (the one translation), so each outcome comes from the facts that make it.
 */
final class Jobs {
    static final String JID = "20261122101500123456";
    static final long START = Instant.parse("2026-11-22T10:15:00.120Z").toEpochMilli();
    static final long END = Instant.parse("2026-11-22T10:15:00.121Z").toEpochMilli();

    private Jobs() {
    }

    static MinionReturn ok(Object ret) {
        return new MinionReturn(true, 0, ret, START, END);
    }

    static MinionReturn failed(int retcode, Object ret) {
        return new MinionReturn(false, retcode, ret, START, END);
    }

    /** {@code function} run on {@code expected}, of whom {@code unreachable} had no session; no queue, none away. */
    static Job job(String function, List<String> expected, List<String> unreachable,
            Map<String, MinionReturn> returns) {
        return job(function, expected, unreachable, List.of(), returns, List.of(), 0, List.of(), List.of());
    }

    static Job job(String function, List<String> expected, List<String> unreachable, List<String> acknowledged,
            Map<String, MinionReturn> returns, List<String> unknown, long queueUntilMillis, List<String> disconnected,
            List<String> killed) {
        return JobResults.job(new JobRecord(JID, function, List.of(), Map.of(), "*", "glob", "root", START, 30_000,
                expected, unreachable, acknowledged, returns, unknown, queueUntilMillis, disconnected, killed));
    }
}
