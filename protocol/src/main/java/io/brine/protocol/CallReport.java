package io.brine.protocol;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The final answer to a call ({@link PublishRequest} without {@code async}, or a {@link CopyRequest}): the job as
 * the master knows it when the call ends, less the returns the caller was already sent as {@link ReturnNotice}s.
 * Those are only named ({@code streamed}), not sent twice; the caller puts the job back together with
 * {@link #merge}. A job of a thousand large returns so crosses the wire once, not twice.
 *
 * <pre>{@code
 * Map<String, MinionReturn> received = ...;            // from the ReturnNotices of this request
 * JobRecord whole = report.merge(received);            // as a JobLookup would have answered
 * }</pre>
 *
 * @param rest     the job, with only the returns that were not streamed
 * @param streamed the minions whose returns were streamed to this caller, in the order they were sent
 */
public record CallReport(long requestId, JobRecord rest, List<String> streamed) implements ClientResponse {
    static final int TYPE = 45;

    public CallReport {
        Objects.requireNonNull(rest, "rest");
        streamed = List.copyOf(streamed);
        for (String id : streamed) {
            MinionId.requireValid(id);
            if (rest.returns().containsKey(id)) {
                throw new IllegalArgumentException("the return of " + id + " is both streamed and in the report");
            }
        }
    }

    /**
     * The whole job: {@code rest} with the streamed returns put back.
     *
     * @param received the returns this caller received as {@link ReturnNotice}s of this request, by minion
     * @throws IllegalStateException if a streamed return is not among them (it never arrived)
     */
    public JobRecord merge(Map<String, MinionReturn> received) {
        Map<String, MinionReturn> returns = new LinkedHashMap<>();
        for (String id : streamed) {
            MinionReturn r = received.get(id);
            if (r == null) {
                throw new IllegalStateException("the return of " + id + " for job " + rest.jid()
                        + " was streamed but never received");
            }
            returns.put(id, r);
        }
        returns.putAll(rest.returns());
        return rest.withReturns(returns);
    }

    void write(WireWriter w) {
        w.integer(requestId);
        rest.write(w);
        w.strings(streamed);
    }

    static CallReport read(WireReader r) throws IOException, MalformedMessageException {
        return new CallReport(r.integer(), JobRecord.read(r), r.strings());
    }
}
