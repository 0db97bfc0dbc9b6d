package io.brine.master;

import io.brine.jobs.JobSpec;
import io.brine.targeting.TargetType;
import java.util.Objects;

/**
 * One reaction from the master config's {@code reactor} list: when an event's tag matches {@code tag}, run
 * {@code job} — by default on {@code event}, the minion the event is about. The job is the same {@link JobSpec}
 * the CLI, the REST API and the library describe, checked when the config is read.
 *
 * <pre>
 * reactor:
 *   - tag: 'brine/minion/*&#47;start'
 *     fun: state.apply
 *   - tag: 'brine/minion/*&#47;event/deploy'
 *     fun: cmd.run
 *     tgt: 'G@role:web'
 *     tgt_type: compound
 *     arg: ['systemctl reload nginx']
 * </pre>
 *
 * @param job what to run; its target {@link #EVENT_MINION} means the event's minion
 */
public record ReactorRule(String tag, JobSpec job) {
    /** The target that means "the minion named in the event". */
    public static final String EVENT_MINION = "event";

    public ReactorRule {
        Objects.requireNonNull(tag, "tag");
        Objects.requireNonNull(job, "job");
    }

    /** Whether the rule runs its job on the minion the event is about. */
    boolean targetsEventMinion() {
        return EVENT_MINION.equals(job.target());
    }

    /** The job for an event about {@code minion}: the rule's own target, or that minion when it says so. */
    JobSpec jobFor(String minion) {
        return targetsEventMinion()
                ? new JobSpec(minion, TargetType.LIST, job.function(), job.args(), job.kwargs(), job.timeout(),
                        job.queue(), job.batch())
                : job;
    }
}
