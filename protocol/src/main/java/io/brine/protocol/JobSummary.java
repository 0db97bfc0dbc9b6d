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
