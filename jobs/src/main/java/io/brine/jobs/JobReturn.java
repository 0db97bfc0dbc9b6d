package io.brine.jobs;

import java.util.Objects;

/**
 * One minion's return for one job, as a client's {@code stream(JobSpec)} and {@link RunningJob#returns()} publish
 * them while the job runs.
 *
 * <pre>{@code
 * master.client().stream(JobSpec.of("web*", "test.ping")).subscribe(subscriber);   // onNext(JobReturn)
 * // in onNext: System.out.println(r.minionId() + ": " + r.result().ret());
 * }</pre>
 *
 * @param jid      the job it belongs to
 * @param minionId the minion that returned it
 * @param result   what it returned
 */
public record JobReturn(String jid, String minionId, MinionResult result) {
    public JobReturn {
        Objects.requireNonNull(jid, "jid");
        Objects.requireNonNull(minionId, "minionId");
        Objects.requireNonNull(result, "result");
    }
}
