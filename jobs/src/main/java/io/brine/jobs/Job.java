package io.brine.jobs;

import io.brine.targeting.TargetType;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Everything known of one job when it was read: what was asked, by whom, which minions were expected, what each
 * returned and how each of the others ended. A snapshot: a job still running is read again with
 * the client's {@code job(jid)}.
 *
 * <pre>{@code
 * Job job = master.client().call(JobSpec.of("web*", "test.ping"));
 * job.returns().forEach((id, r) -> System.out.println(id + ": " + r.ret()));
 * job.missing().forEach((id, outcome) -> System.out.println(id + ": " + outcome.label()));
 * }</pre>
 *
 * @param jid        the job's id: 20 digits, the time it was published
 * @param function   the function it ran
 * @param args       its positional arguments
 * @param kwargs     its keyword arguments
 * @param target     the target expression
 * @param targetType how the target was read
 * @param caller     who asked (the name the audit log and {@code publisher_acl} know)
 * @param startTime  when it was published
 * @param timeout    how long callers wait for returns, and how long a minion lets the job run
 * @param expected   the minions the target selected, in order
 * @param returns    what each minion that returned returned, in the order they returned
 * @param missing    every expected minion that did not return, in the order expected, with how it ended
 * @param complete   whether the job had ended when it was read: every minion it waited for returned, or its
 *                   timeout passed (and the short grace after it for the returns of minions stopping it at theirs).
 *                   False for a job still running, and for a call that stopped waiting before the job ended (the
 *                   master stopped, or a remote client could not reach it again in time): then {@code returns} and
 *                   {@code missing} are as far as known, and the job is awaited by its jid
 *                   ({@code job(jid, wait)} of the client that ran it)
 */
public record Job(String jid, String function, List<Object> args, Map<String, Object> kwargs, String target,
        TargetType targetType, String caller, Instant startTime, Duration timeout, List<String> expected,
        Map<String, MinionResult> returns, Map<String, MinionOutcome> missing, boolean complete) {
    public Job {
        Objects.requireNonNull(jid, "jid");
        Objects.requireNonNull(function, "function");
        // Arguments are the caller's values, nulls included, so they are copied rather than List.copyOf'd.
        args = Collections.unmodifiableList(new ArrayList<>(args));
        kwargs = Collections.unmodifiableMap(new LinkedHashMap<>(kwargs));
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(targetType, "targetType");
        Objects.requireNonNull(caller, "caller");
        Objects.requireNonNull(startTime, "startTime");
        Objects.requireNonNull(timeout, "timeout");
        expected = List.copyOf(expected);
        returns = Collections.unmodifiableMap(new LinkedHashMap<>(returns));
        missing = Collections.unmodifiableMap(new LinkedHashMap<>(missing));
    }

    /** This job as far as it is known, its end not seen ({@link #complete} false). */
    public Job incomplete() {
        return new Job(jid, function, args, kwargs, target, targetType, caller, startTime, timeout, expected, returns,
                missing, false);
    }

    /** Whether every expected minion returned, and every return succeeded. */
    public boolean succeeded() {
        return missing.isEmpty() && returns.values().stream().allMatch(MinionResult::success);
    }
}
