package io.brine.jobs;

import java.time.Instant;
import java.util.Objects;

/**
 * What one minion returned for one job. Failures are data: {@code success} false, a non-zero {@code retcode} and
 * the error in {@code ret}.
 *
 * <pre>{@code
 * MinionResult r = master.client().call(JobSpec.of("web1", "cmd.run", "uptime")).returns().get("web1");
 * if (r.success()) {
 *     System.out.println(r.ret() + " in " + Duration.between(r.start(), r.end()).toMillis() + " ms");
 * }
 * }</pre>
 *
 * @param ret     what the function returned: a string, number, boolean, list or map (null when it returned nothing)
 * @param retcode 0 on success, non-zero on failure
 * @param success whether the function succeeded
 * @param start   when the minion started the job
 * @param end     when the minion finished it
 */
public record MinionResult(Object ret, int retcode, boolean success, Instant start, Instant end) {
    public MinionResult {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(end, "end");
    }
}
