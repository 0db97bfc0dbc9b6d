package io.brine.jobs;

import io.brine.targeting.TargetType;
import java.time.Instant;
import java.util.Objects;

/**
 * One line of a job listing (a client's {@code jobs}): what was asked, by whom and when, and how many of the
 * expected minions returned. A client's {@code job} has the whole job.
 *
 * <pre>{@code
 * for (JobOverview j : master.client().jobs(20)) {
 *     System.out.println(j.jid() + " " + j.function() + " " + j.returnedCount() + "/" + j.expectedCount());
 * }
 * }</pre>
 *
 * @param jid           the job's id: 20 digits, the time it was published
 * @param function      the function it ran
 * @param target        the target expression
 * @param targetType    how the target was read
 * @param caller        who asked (the name the audit log and {@code publisher_acl} know)
 * @param startTime     when it was published
 * @param expectedCount how many minions it was for
 * @param returnedCount how many of them returned
 */
public record JobOverview(String jid, String function, String target, TargetType targetType, String caller,
        Instant startTime, int expectedCount, int returnedCount) {
    public JobOverview {
        Objects.requireNonNull(jid, "jid");
        Objects.requireNonNull(function, "function");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(targetType, "targetType");
        Objects.requireNonNull(caller, "caller");
        Objects.requireNonNull(startTime, "startTime");
    }
}
