package io.brine.protocol;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Recent jobs, newest first. */
public record JobListing(long requestId, List<JobSummary> jobs) implements ClientResponse {
    static final int TYPE = 33;

    public JobListing {
        jobs = List.copyOf(jobs);
    }

    void write(WireWriter w) {
        w.integer(requestId).arrayHeader(jobs.size());
        jobs.forEach(job -> job.write(w));
    }

    static JobListing read(WireReader r) throws IOException, MalformedMessageException {
        long requestId = r.integer();
        int n = r.arrayHeader();
        List<JobSummary> jobs = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            jobs.add(JobSummary.read(r));
        }
        return new JobListing(requestId, jobs);
    }
}
