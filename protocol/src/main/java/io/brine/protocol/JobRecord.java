package io.brine.protocol;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Everything known of one job: what was asked, by whom, who was expected, who had no live session when it
 * was published ({@code unreachable}), who acknowledged and what each returned, and which ids a list target
 * named that are no accepted minion ({@code unknown}: expected and unreachable too, so they count as missing).
 * {@code killed}: the minions away whose queued deliveries {@code brine job kill} cancelled. The missing minions are
 * derived, never stored, so they can never disagree with the rest; so are their outcomes, which only the reader
 * derives ({@code io.brine.jobs}' {@code MinionOutcome}, the one name for them): the wire carries the facts.
 */
public record JobRecord(String jid, String function, List<Object> args, Map<String, Object> kwargs, String target,
        String targetType, String caller, long startMillis, long timeoutMillis, List<String> expected,
        List<String> unreachable, List<String> acknowledged, Map<String, MinionReturn> returns,
        List<String> unknown, long queueUntilMillis, List<String> disconnected, List<String> killed) {

    /** A record without unreachable minions. */
    public JobRecord(String jid, String function, List<Object> args, Map<String, Object> kwargs, String target,
            String targetType, String caller, long startMillis, long timeoutMillis, List<String> expected,
            List<String> acknowledged, Map<String, MinionReturn> returns) {
        this(jid, function, args, kwargs, target, targetType, caller, startMillis, timeoutMillis, expected, List.of(),
                acknowledged, returns);
    }

    /** A record whose target named no unknown ids. */
    public JobRecord(String jid, String function, List<Object> args, Map<String, Object> kwargs, String target,
            String targetType, String caller, long startMillis, long timeoutMillis, List<String> expected,
            List<String> unreachable, List<String> acknowledged, Map<String, MinionReturn> returns) {
        this(jid, function, args, kwargs, target, targetType, caller, startMillis, timeoutMillis, expected,
                unreachable, acknowledged, returns, List.of());
    }

    /** A record of a job not queued for minions that were away. */
    public JobRecord(String jid, String function, List<Object> args, Map<String, Object> kwargs, String target,
            String targetType, String caller, long startMillis, long timeoutMillis, List<String> expected,
            List<String> unreachable, List<String> acknowledged, Map<String, MinionReturn> returns,
            List<String> unknown) {
        this(jid, function, args, kwargs, target, targetType, caller, startMillis, timeoutMillis, expected,
                unreachable, acknowledged, returns, unknown, 0);
    }

    /** A record in which no minion disconnected while it had the job. */
    public JobRecord(String jid, String function, List<Object> args, Map<String, Object> kwargs, String target,
            String targetType, String caller, long startMillis, long timeoutMillis, List<String> expected,
            List<String> unreachable, List<String> acknowledged, Map<String, MinionReturn> returns,
            List<String> unknown, long queueUntilMillis) {
        this(jid, function, args, kwargs, target, targetType, caller, startMillis, timeoutMillis, expected,
                unreachable, acknowledged, returns, unknown, queueUntilMillis, List.of());
    }

    /** A record whose queued deliveries no kill cancelled. */
    public JobRecord(String jid, String function, List<Object> args, Map<String, Object> kwargs, String target,
            String targetType, String caller, long startMillis, long timeoutMillis, List<String> expected,
            List<String> unreachable, List<String> acknowledged, Map<String, MinionReturn> returns,
            List<String> unknown, long queueUntilMillis, List<String> disconnected) {
        this(jid, function, args, kwargs, target, targetType, caller, startMillis, timeoutMillis, expected,
                unreachable, acknowledged, returns, unknown, queueUntilMillis, disconnected, List.of());
    }

    /** This record with its returns replaced by {@code others} (a report that streamed some of them already). */
    public JobRecord withReturns(Map<String, MinionReturn> others) {
        return new JobRecord(jid, function, args, kwargs, target, targetType, caller, startMillis, timeoutMillis,
                expected, unreachable, acknowledged, others, unknown, queueUntilMillis, disconnected, killed);
    }

    public JobRecord {
        Jid.requireValid(jid);
        Objects.requireNonNull(function, "function");
        args = Values.list(args);
        kwargs = Values.map(kwargs);
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(targetType, "targetType");
        Objects.requireNonNull(caller, "caller");
        expected = List.copyOf(expected);
        unreachable = List.copyOf(unreachable);
        acknowledged = List.copyOf(acknowledged);
        // Checked here rather than only when reading, so that no record can be sent that its receiver would reject.
        returns.forEach((id, ret) -> {
            MinionId.requireValid(id);
            Objects.requireNonNull(ret, "return of " + id);
        });
        returns = Collections.unmodifiableMap(new LinkedHashMap<>(returns));
        unknown = List.copyOf(unknown);
        disconnected = List.copyOf(disconnected);
        killed = List.copyOf(killed);
    }

    /** Expected minions that have not returned, in the order they were expected. */
    public List<String> missing() {
        List<String> out = new ArrayList<>();
        for (String id : expected) {
            if (!returns.containsKey(id)) {
                out.add(id);
            }
        }
        return out;
    }

    /**
     * The expected minions a call still waits for, as the master's own wait decides: connected when the job was
     * published, and neither returned nor disconnected since (so {@code running} or {@code no-response}; a queued
     * delivery is never waited for). A job with none left has ended, whatever the clock says.
     */
    public List<String> awaited() {
        // sets, not the lists' contains: a job of 10,000 minions is asked this again and again while it is awaited
        java.util.Set<String> gone = new java.util.HashSet<>(disconnected);
        gone.addAll(unknown);
        gone.addAll(unreachable);
        List<String> out = new ArrayList<>();
        for (String id : expected) {
            if (!returns.containsKey(id) && !gone.contains(id)) {
                out.add(id);
            }
        }
        return out;
    }

    void write(WireWriter w) {
        w.arrayHeader(17).string(jid).string(function).list(args).map(kwargs).string(target).string(targetType)
                .string(caller).integer(startMillis).integer(timeoutMillis).strings(expected).strings(unreachable)
                .strings(acknowledged).strings(unknown).integer(queueUntilMillis).strings(disconnected)
                .strings(killed);
        w.arrayHeader(returns.size());
        returns.forEach((id, ret) -> {
            w.string(id);
            ret.write(w);
        });
    }

    static JobRecord read(WireReader r) throws IOException, MalformedMessageException {
        r.fields("job record", 17);
        String jid = r.string();
        String function = r.string();
        List<Object> args = r.list();
        Map<String, Object> kwargs = r.map();
        String target = r.string();
        String targetType = r.string();
        String caller = r.string();
        long start = r.integer();
        long timeout = r.integer();
        List<String> expected = r.strings();
        List<String> unreachable = r.strings();
        List<String> acknowledged = r.strings();
        List<String> unknown = r.strings();
        long queueUntil = r.integer();
        List<String> disconnected = r.strings();
        List<String> killed = r.strings();
        int n = r.arrayHeader();
        Map<String, MinionReturn> returns = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            returns.put(r.string(), MinionReturn.read(r));
        }
        return new JobRecord(jid, function, args, kwargs, target, targetType, caller, start, timeout, expected,
                unreachable, acknowledged, returns, unknown, queueUntil, disconnected, killed);
    }
}
