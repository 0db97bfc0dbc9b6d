package io.brine.minion;

import io.brine.protocol.JobRequest;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Decides whether a job that arrives is one this minion has not taken yet, so that a job sent again runs once.
 * Every jid is remembered in memory, the latest {@link #REMEMBERED_JIDS}. A queued delivery (which the master
 * sends again on each new session until it hears of it) is also checked against the return spool (a return kept,
 * or a job that was running when the minion stopped) and recorded on disk in the {@link QueuedJobLedger} before
 * it runs, so that neither a long queue time nor a minion restart makes it run twice.
 *
 * <p>Example: {@code if (taken.firstTime(job)) run(job);}
 */
final class TakenJobs {
    private static final Logger LOG = System.getLogger(TakenJobs.class.getName());
    /** Jids remembered in memory, whatever their kind. */
    static final int REMEMBERED_JIDS = 4_096;

    /** Null where nothing is ever queued (local calls) and in tests that need no durability. */
    private final QueuedJobLedger ledger;
    private final ReturnSpool spool;
    private final Map<String, Boolean> recent = new LinkedHashMap<>(256, 0.75f, false) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
            return size() > REMEMBERED_JIDS;
        }
    };

    TakenJobs(QueuedJobLedger ledger, ReturnSpool spool) {
        this.ledger = ledger;
        this.spool = spool;
    }

    /** Remembers jids in memory only: for runners that are never sent a job twice across a restart. */
    static TakenJobs inMemory() {
        return new TakenJobs(null, null);
    }

    /** Whether {@code job} should run: true the first time its jid arrives, false ever after (see the class). */
    boolean firstTime(JobRequest job) {
        synchronized (recent) {
            if (recent.put(job.jid(), Boolean.TRUE) != null) {
                return false;
            }
        }
        if (!job.queued()) {
            return true;
        }
        if (spool != null && spool.knows(job.jid())) {
            return false;
        }
        if (ledger == null) {
            return true;
        }
        try {
            return ledger.record(job.jid(), job.queuedForMillis());
        } catch (IOException e) {
            // Losing the job is worse than the small chance of running it twice after a restart.
            LOG.log(Level.WARNING, "cannot record queued job " + job.jid() + " on disk (" + e.getMessage()
                    + "); it runs, remembered in memory only");
            return true;
        }
    }
}
