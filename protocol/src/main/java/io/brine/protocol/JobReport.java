package io.brine.protocol;

import java.io.IOException;
import java.util.Objects;

/** The final answer to a call or a {@link JobLookup}: the job as the master knows it. */
public record JobReport(long requestId, JobRecord job) implements ClientResponse {
    static final int TYPE = 32;

    public JobReport {
        Objects.requireNonNull(job, "job");
    }

    void write(WireWriter w) {
        w.integer(requestId);
        job.write(w);
    }

    static JobReport read(WireReader r) throws IOException, MalformedMessageException {
        return new JobReport(r.integer(), JobRecord.read(r));
    }
}
