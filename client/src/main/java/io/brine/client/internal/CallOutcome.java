package io.brine.client.internal;

import io.brine.protocol.ClientResponse;
import io.brine.protocol.JobRecord;
import io.brine.protocol.JobReport;
import java.util.Objects;

/**
 * How a call ended for its caller: the master's final answer (the whole job as a {@link JobReport}, or a refusal or
 * failure), or, when the caller stopped waiting before the master said how the job ended, the job as far as the
 * caller knows it ({@code soFar}: null only when the master never named the job) and why it stopped waiting.
 *
 * <pre>{@code
 * CallOutcome o = session.call(request, progress, wait);
 * if (o.complete()) { print(((JobReport) o.answer()).job()); } else { printIncomplete(o.soFar(), o.gaveUp()); }
 * }</pre>
 *
 * @param answer the master's final answer; null when the caller gave up
 * @param soFar  when the caller gave up: the job as far as known, or null if its jid never arrived
 * @param gaveUp when the caller gave up: why, in a sentence
 */
public record CallOutcome(ClientResponse answer, JobRecord soFar, String gaveUp) {
    public CallOutcome {
        if ((answer == null) == (gaveUp == null)) {
            throw new IllegalArgumentException("a call ends either answered or given up");
        }
    }

    static CallOutcome answered(ClientResponse answer) {
        return new CallOutcome(Objects.requireNonNull(answer, "answer"), null, null);
    }

    static CallOutcome gaveUp(JobRecord soFar, String why) {
        return new CallOutcome(null, soFar, Objects.requireNonNull(why, "why"));
    }

    /** Whether the master gave the call its final answer (a refusal is one too). */
    public boolean complete() {
        return answer != null;
    }
}
