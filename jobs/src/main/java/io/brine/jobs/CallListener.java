package io.brine.jobs;

/**
 * What a waiting caller hears while its job runs, in order: the job published, each return as it arrives, and, if
 * the call stops waiting before the master says how the job ended, why. Called on the client's transport thread:
 * keep it short.
 *
 * <pre>{@code
 * Job job = brine.call(spec, new CallListener() {
 *     public void returned(JobReturn r) { System.out.println(r.minionId() + " returned"); }
 * });
 * }</pre>
 */
public interface CallListener {
    /** The master published the job: its jid and the minions it went to. */
    default void published(Publication publication) {
    }

    /** One minion's return, as it arrives. */
    default void returned(JobReturn ret) {
    }

    /**
     * The call stops waiting before the master said how the job ended (it was restarted and not back in time, or
     * never named the job): {@code reason} in a sentence. The call then ends with the job as far as known
     * ({@link Job#complete()} false), or, when the master never named it, fails.
     */
    default void gaveUp(String reason) {
    }
}
