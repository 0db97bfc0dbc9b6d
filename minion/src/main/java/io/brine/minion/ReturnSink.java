package io.brine.minion;

import io.brine.protocol.JobReturn;

/**
 * Where a job's return goes once the job ends, whichever way it ended (a value, a failure, its timeout, a kill):
 * to the master through {@link ReturnSender} (cut to what the master takes, kept until acknowledged), or to a local
 * caller. One place, so that no path out forgets the cap or the spool.
 */
interface ReturnSink {
    /**
     * @param uncutBytes how large the function's output was in full, or 0 when it does not say: for the marker a
     *                   cut writes
     */
    void returned(JobReturn ret, long uncutBytes);

    /** A job has run a while without returning: should the minion stop now, the next start reports it lost. */
    default void running(String jid, String function) {
    }
}
