package io.brine.master;

import io.brine.jobs.internal.JobResults;
import io.brine.protocol.JobRecord;
import java.util.Optional;

/**
 * A job as the job cache holds it, wire record and all (who was unreachable, who acknowledged, ...): what the
 * tests that compare the paths into the master field by field read, where the library's {@link Job} keeps only
 * what an embedding application needs. Test code, in the master's package, because that record is not API.
 */
public final class CachedRecords {
    private CachedRecords() {
    }

    /** The job {@code jid} as {@code master}'s own client may see it. */
    public static Optional<JobRecord> find(Master master, String jid) {
        return master.client().state(jid).map(JobResults::record);
    }
}
