package io.brine.protocol;

import java.io.IOException;

/**
 * Asks for recent jobs, newest first, optionally only those of one function, target expression or caller,
 * or started at or after {@code sinceMillis} (0: no bound); with {@code queued}, only jobs with deliveries still
 * waiting for minions that are away. Null filters match everything.
 */
public record JobListRequest(long requestId, int limit, String function, String target, String caller,
        long sinceMillis, boolean queued) implements ClientRequest {
    static final int TYPE = 22;
    public static final int MAX_LIMIT = 100_000;

    public JobListRequest {
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new IllegalArgumentException("limit must be between 1 and " + MAX_LIMIT + ": " + limit);
        }
    }

    /** The most recent jobs, unfiltered. */
    public JobListRequest(long requestId, int limit) {
        this(requestId, limit, null, null, null, 0);
    }

    /** Jobs whether or not anything of them is queued. */
    public JobListRequest(long requestId, int limit, String function, String target, String caller,
            long sinceMillis) {
        this(requestId, limit, function, target, caller, sinceMillis, false);
    }

    void write(WireWriter w) {
        w.integer(requestId).integer(limit).string(function).string(target).string(caller).integer(sinceMillis).bool(queued);
    }

    static JobListRequest read(WireReader r) throws IOException, MalformedMessageException {
        return new JobListRequest(r.integer(), r.smallInt("limit", 1, MAX_LIMIT), r.nullableString(),
                r.nullableString(), r.nullableString(), r.integer(), r.bool());
    }
}
