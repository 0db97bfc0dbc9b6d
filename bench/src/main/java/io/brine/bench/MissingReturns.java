package io.brine.bench;

import io.brine.jobs.Job;
import java.util.Collection;

/**
 * The returns a scenario asked for that did not arrive. Every scenario counts them, prints them and fails when
 * there is any: a call without its return is no latency, broadcast or apply time, and a figure that counted it
 * would flatter or mislead. The count is checked against the minions the scenario meant to reach, not the ones
 * the master expected: a minion that was not connected is missing too.
 *
 * <pre>{@code
 * MissingReturns missing = new MissingReturns("pings");
 * Job r = client.call(ping);
 * if (missing.arrived(r, List.of("m1"))) { samples.add(took); }
 * if (missing.any()) { return missing.failure(run); }     // "3 of 2000 pings got no return; ..."
 * result.figure("missing_returns", missing.count());
 * }</pre>
 */
final class MissingReturns {
    private final String what;
    private long calls;
    private long wanted;
    private long missing;
    /** How the calls' jobs said the missing ones ended (running, no-response, not-connected...). */
    private final java.util.Map<String, Long> byOutcome = new java.util.TreeMap<>();
    /** The missing returns of each call, in order: when in a run they went missing. */
    private final java.util.List<Long> byCall = new java.util.ArrayList<>();

    /** @param what the calls counted, plural: "pings", "broadcast rounds", "applies" */
    MissingReturns(String what) {
        this.what = what;
    }

    /** Counts one call to {@code ids}; true if every one of them returned. */
    boolean arrived(Job job, Collection<String> ids) {
        long absent = ids.stream().filter(id -> !job.returns().containsKey(id)).count();
        return counted(ids.size(), ids.size() - absent);
    }

    /** Counts {@code job}, a call meant to bring {@code expected} returns, with how its missing minions ended. */
    boolean counted(Job job, long expected) {
        job.missing().values().forEach(o -> byOutcome.merge(o.label(), 1L, Long::sum));
        return counted(expected, job.returns().size());
    }

    /** Counts one call meant to bring {@code expected} returns, of which {@code got} arrived. */
    boolean counted(long expected, long got) {
        byCall.add(Math.max(0, expected - got));
        calls++;
        wanted += expected;
        long absent = Math.max(0, expected - got);
        missing += absent;
        return absent == 0;
    }

    long count() {
        return missing;
    }

    boolean any() {
        return missing > 0;
    }

    /** "3 of 20000 returns of 2000 pings did not arrive". */
    String describe() {
        String d = missing + " of " + wanted + " returns of " + calls + " " + what + " did not arrive";
        if (missing == 0) {
            return d;
        }
        StringBuilder perCall = new StringBuilder();
        byCall.forEach(c -> perCall.append(perCall.length() == 0 ? "" : " ").append(c));
        return d + (byOutcome.isEmpty() ? "" : " (as the jobs said: " + byOutcome + ")") + "; by call: " + perCall;
    }

    /** Says what is missing on the progress channel and gives the failed result: the count, no other figure. */
    ScenarioResult failure(BenchRun run) {
        run.say("  %s", describe());
        return ScenarioResult.failed(describe() + "; no figure is reported").figure("missing_returns", missing);
    }
}
