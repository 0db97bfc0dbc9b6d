package io.brine.jobs;

import java.util.Locale;

/**
 * How an expected minion ended a job, as far as the master knows when the job is read: {@link Job#missing()} holds
 * one for every minion that did not return.
 *
 * <pre>{@code
 * Job job = master.client().call(JobSpec.of("web*", "test.ping"));
 * job.missing().forEach((id, outcome) -> System.out.println(id + " " + outcome.label()));  // web3 not-connected
 * }</pre>
 */
public enum MinionOutcome {
    /** It returned (success or failure). */
    RETURNED,
    /** It acknowledged the job but had not returned when the caller stopped waiting. */
    RUNNING,
    /** It was connected, but never acknowledged the job. */
    NO_RESPONSE,
    /** It had no live session when the job was published. */
    NOT_CONNECTED,
    /** A list target named it, but no minion with that id is accepted: a typo, or one never set up. */
    UNKNOWN,
    /** It was away; the job waits for it to connect (until the queue time passes). */
    QUEUED,
    /** It was away, and did not connect before the queue time passed: it never got the job. */
    EXPIRED,
    /** Its session ended while it had the job (the minion died, restarted or lost its network). */
    DISCONNECTED,
    /** It was away, and the job was killed ({@code brine job kill}) while it waited for it: it never got it. */
    KILLED;

    /**
     * The name {@code brine run --out json}, {@code brine job show} and the HTTP API print: returned, running,
     * no-response, not-connected, unknown, queued, expired, disconnected or killed.
     */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
