package io.brine.protocol;

import java.io.IOException;
import java.util.Objects;

/** One line of a job listing. */
public record JobSummary(String jid, String function, String target, String targetType, String caller,
        long startMillis, int expectedCount, int returnedCount) {

    public JobSummary {
        Jid.requireValid(jid);
        Objects.requireNonNull(function, "function");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(targetType, "targetType");
        Objects.requireNonNull(caller, "caller");
        // The wire rejects negative counts, so a summary that could not be decoded must not be built either.
        if (expectedCount < 0 || returnedCount < 0) {
            throw new IllegalArgumentException("counts cannot be negative: expected " + expectedCount
                    + ", returned " + returnedCount);
        }
    }

    void write(WireWriter w) {
        w.arrayHeader(8).string(jid).string(function).string(target).string(targetType).string(caller)
                .integer(startMillis).integer(expectedCount).integer(returnedCount);
    }

    static JobSummary read(WireReader r) throws IOException, MalformedMessageException {
        r.fields("job summary", 8);
        return new JobSummary(r.string(), r.string(), r.string(), r.string(), r.string(), r.integer(),
                r.smallInt("expected", 0, Integer.MAX_VALUE), r.smallInt("returned", 0, Integer.MAX_VALUE));
    }
}
