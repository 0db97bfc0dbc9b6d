package io.brine.master;

import io.brine.jobs.JobSpec;
import io.brine.jobs.JobState;
import io.brine.jobs.MinionResult;
import io.brine.targeting.TargetType;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/** Jobs and returns for the master's tests, as the master holds them. */
final class TestJobs {
    private TestJobs() {
    }

    /**
     * {@code function} with {@code args} on {@code target}, asked by {@code caller} at {@code startMillis}, as
     * published: of {@code expected}, {@code unreachable} had no session; not queued.
     */
    static JobState job(String jid, String function, List<Object> args, String target, TargetType type,
            String caller, long startMillis, long timeoutMillis, List<String> expected, List<String> unreachable) {
        return job(jid, function, args, target, type, caller, startMillis, timeoutMillis, expected, unreachable, 0);
    }

    /** As above, queued until {@code queueUntilMillis} (0: not queued) for the unreachable. */
    static JobState job(String jid, String function, List<Object> args, String target, TargetType type,
            String caller, long startMillis, long timeoutMillis, List<String> expected, List<String> unreachable,
            long queueUntilMillis) {
        JobSpec spec = JobSpec.of(target, function).withTargetType(type).withArgs(args)
                .withTimeout(Duration.ofMillis(timeoutMillis));
        return JobState.published(jid, spec, caller, Instant.ofEpochMilli(startMillis), expected, unreachable,
                List.of(), queueUntilMillis > 0 ? Instant.ofEpochMilli(queueUntilMillis) : null);
    }

    static MinionResult ok(Object ret, long startMillis, long endMillis) {
        return new MinionResult(ret, 0, true, Instant.ofEpochMilli(startMillis), Instant.ofEpochMilli(endMillis));
    }

    static MinionResult failed(int retcode, Object ret, long startMillis, long endMillis) {
        return new MinionResult(ret, retcode, false, Instant.ofEpochMilli(startMillis),
                Instant.ofEpochMilli(endMillis));
    }
}
