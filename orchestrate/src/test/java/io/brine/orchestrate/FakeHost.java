package io.brine.orchestrate;

import io.brine.jobs.Event;
import io.brine.jobs.Job;
import io.brine.jobs.JobSpec;
import io.brine.jobs.MinionOutcome;
import io.brine.jobs.MinionResult;
import io.brine.master.internal.Orchestrator;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * A master for an orchestration's steps without one: each job published is recorded and answered at once by its
 * target's minions ({@code minions}: target to minion ids), failed where a minion's id starts with {@code bad}, left
 * unanswered where it starts with {@code gone}.
 */
final class FakeHost implements Orchestrator.Host {
    final List<JobSpec> published = new CopyOnWriteArrayList<>();
    private final Map<String, List<String>> minions;
    private final List<Consumer<Event>> listeners = new CopyOnWriteArrayList<>();
    private int jids;

    FakeHost(Map<String, List<String>> minions) {
        this.minions = minions;
    }

    @Override
    public synchronized Job run(JobSpec spec) {
        published.add(spec);
        List<String> ids = minions.getOrDefault(spec.target(), List.of());
        Map<String, MinionResult> returns = new LinkedHashMap<>();
        Map<String, MinionOutcome> missing = new LinkedHashMap<>();
        Instant now = Instant.now();
        for (String id : ids) {
            if (id.startsWith("gone")) {
                missing.put(id, MinionOutcome.NO_RESPONSE);
            } else if (id.startsWith("bad")) {
                returns.put(id, new MinionResult(Map.of("x", Map.of("result", false, "changes", Map.of())), 2, false,
                        now, now));
            } else {
                returns.put(id, new MinionResult(spec.function().startsWith("state.") ? Map.of("x", Map.of("result",
                        true, "changes", Map.of("diff", "new"))) : "ok", 0, true, now, now));
            }
        }
        return new Job(String.format("2026112900000000%04d", ++jids), spec.function(), spec.args(), spec.kwargs(),
                spec.target(), spec.targetType(), "tester", now, Duration.ofSeconds(5), ids, returns, missing, true);
    }

    @Override
    public AutoCloseable subscribe(String tagGlob, Consumer<Event> consumer) {
        listeners.add(consumer);
        return () -> listeners.remove(consumer);
    }

    /** Whether a run listens for events now. */
    boolean listening() {
        return !listeners.isEmpty();
    }

    void publish(String tag, Map<String, Object> data) {
        listeners.forEach(l -> l.accept(new Event(tag, data, System.currentTimeMillis())));
    }

    @Override
    public Object runner(String function, List<Object> args, Map<String, Object> kwargs) {
        return Map.of("up", new ArrayList<>(List.of("web1")), "down", List.of());
    }

    @Override
    public Map<String, Object> mine(String target, String targetType, String fun) {
        return Map.of("web1", "10.0.0.1");
    }

    List<String> functions() {
        return published.stream().map(s -> s.function() + " " + s.target()).toList();
    }
}
