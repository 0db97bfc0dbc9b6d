package io.brine.protocol;

import java.io.IOException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Everything known of one job: what was asked, by whom, who was expected, who had no live session when it
 * was published ({@code unreachable}), who acknowledged and what each returned, and which ids a list target
 * named that are no accepted minion ({@code unknown}: expected and unreachable too, so they count as missing).
 * {@code killed}: the minions away whose queued deliveries {@code brine job kill} cancelled. The wire carries the
 * facts alone: who is missing, who is still awaited and how each missing minion ended are derived by the reader
 * ({@code io.brine.jobs}' {@code JobState}, the one place that derives them), so they can never disagree.
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
