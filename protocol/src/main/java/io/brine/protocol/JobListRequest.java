package io.brine.protocol;

import java.io.IOException;

/** Asks for the most recent jobs, newest first. */
public record JobListRequest(long requestId, int limit) implements ClientRequest {
    static final int TYPE = 22;
    public static final int MAX_LIMIT = 100_000;

    public JobListRequest {
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new IllegalArgumentException("limit must be between 1 and " + MAX_LIMIT + ": " + limit);
        }
    }

    void write(WireWriter w) {
        w.integer(requestId).integer(limit);
    }

    static JobListRequest read(WireReader r) throws IOException, MalformedMessageException {
        return new JobListRequest(r.integer(), r.smallInt("limit", 1, MAX_LIMIT));
    }
}
