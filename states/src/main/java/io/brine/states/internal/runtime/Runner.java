package io.brine.states.internal.runtime;

import io.brine.functions.StateContext;
import io.brine.functions.StateResult;
import io.brine.states.internal.compiler.Chunk;
import io.brine.states.internal.compiler.Plan;
import io.brine.states.internal.compiler.RequisiteKind;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs a plan the way Salt does: walk the states in order, and before each one run whatever it depends on (its
 * requisites, and the states that {@code prereq} it). What a state's requisites mean for it is decided by
 * {@link RequisiteGate}; a {@code failhard} failure stops the walk. A {@code parallel} state starts on a thread of
 * its own and the walk goes on; a state that depends on it waits for it, and the run waits for all of them. Once
 * every state ran, the {@code listen} watch actions of states whose listened-to states changed run, as Salt's
 * {@code listener_ID} entries.
 */
public final class Runner {
    /** At most this many parallel states run at once; more wait for a thread, still in order. */
    private static final int MAX_PARALLEL = 16;

    private final Plan plan;
    private final StateContext ctx;
    private final Map<Chunk, StateResult> done = Collections.synchronizedMap(new IdentityHashMap<>());
    private final Map<Chunk, Future<?>> started = new IdentityHashMap<>();
    private final Set<Chunk> inProgress = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Map<Integer, Map.Entry<String, Map<String, Object>>> returns = new ConcurrentSkipListMap<>();
    private final AtomicInteger runNum = new AtomicInteger();
    /** In test mode, the states that would change something, as "module.function|name". */
    private final Set<String> pending = ConcurrentHashMap.newKeySet();
    /** What the states of this run share (file.accumulated's accumulators), gone with the run. */
    private final Map<Class<?>, Object> shared = new ConcurrentHashMap<>();
    private ExecutorService parallel;
    private volatile boolean halted;

    public Runner(Plan plan, StateContext ctx) {
        this.plan = plan;
        this.ctx = ctx.withPending((function, name) -> pending.contains(function + "|" + name));
    }

    public LinkedHashMap<String, Map<String, Object>> run() {
        try {
            for (Chunk chunk : plan.ordered()) {
                if (halted) {
                    break;
                }
                ensure(chunk);
            }
            settleAll();
            if (!halted) {
                listeners();
            }
        } finally {
            if (parallel != null) {
                parallel.shutdownNow();
            }
        }
        LinkedHashMap<String, Map<String, Object>> out = new LinkedHashMap<>();
        returns.values().forEach(e -> out.put(e.getKey(), e.getValue()));
        return out;
    }

    private void ensure(Chunk chunk) {
        if (done.containsKey(chunk) || started.containsKey(chunk) || !inProgress.add(chunk)) {
            return;
        }
        List<Chunk> read = new ArrayList<>();
        for (Plan.Edge edge : plan.edgesOf(chunk)) {
            if (edge.kind() == RequisiteKind.PREREQ) {
                // deciding a prereq means asking its target what it would do, so the target's own
                // requisites must have run first
                plan.edgesOf(edge.target()).stream().filter(e -> e.kind().orders()).forEach(e -> {
                    ensure(e.target());
                    read.add(e.target());
                });
            } else if (edge.kind().orders()) {
                ensure(edge.target());
                read.add(edge.target());
            }
        }
        plan.prereqsOn(chunk).forEach(c -> {
            ensure(c);
            read.add(c);
        });
        read.forEach(this::settle);
        if (!halted) {
            execute(chunk);
        }
        inProgress.remove(chunk);
    }

    private void execute(Chunk chunk) {
        int num = runNum.getAndIncrement();
        if (!chunk.global().parallel()) {
            record(chunk, num);
            return;
        }
        if (parallel == null) {
            parallel = Executors.newFixedThreadPool(MAX_PARALLEL, r -> {
                Thread t = new Thread(r, "state-parallel");
                t.setDaemon(true);
                return t;
            });
        }
        started.put(chunk, parallel.submit(() -> record(chunk, num)));
    }

    private void record(Chunk chunk, int num) {
        LocalTime start = LocalTime.now();
        long began = System.nanoTime();
        StateResult result = new RequisiteGate(plan, done, ctx, c -> new ChunkRun(c, plan, shared)).decide(chunk);
        finish(chunk, chunk.key(), result, start, began, num);
    }

    private void finish(Chunk chunk, String key, StateResult result, LocalTime start, long began, int num) {
        long nanos = System.nanoTime() - began;
        done.putIfAbsent(chunk, result);
        if (ctx.test() && result.result() == null) {
            pending.add(chunk.module() + "." + chunk.function() + "|" + chunk.name());
        }
        returns.put(num, Map.entry(key, StateReturn.of(chunk, result, start, nanos, num)));
        ctx.log().log(System.Logger.Level.INFO, "{0}: result={1} changed={2}", key, result.result(), result.hasChanges());
        if (result.failed() && chunk.global().failhard()) {
            halted = true;
        }
    }

    /** Waits for a parallel state to finish; an interrupted wait stops every parallel state still running. */
    private void settle(Chunk chunk) {
        Future<?> future = started.get(chunk);
        if (future == null) {
            return;
        }
        try {
            future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            started.values().forEach(f -> f.cancel(true));
            halted = true;
            done.putIfAbsent(chunk, StateResult.failed("Interrupted while waiting for " + chunk.key()));
        } catch (ExecutionException e) {
            done.putIfAbsent(chunk, StateResult.failed("An exception occurred in this state: " + e.getCause()));
        }
    }

    private void settleAll() {
        new ArrayList<>(started.keySet()).forEach(this::settle);
    }

    /** Salt's {@code listen}: a watch action per listening state, after the run, if what it listens to changed. */
    private void listeners() {
        for (Chunk chunk : plan.ordered()) {
            boolean changed = plan.edgesOf(chunk).stream().filter(e -> e.kind() == RequisiteKind.LISTEN)
                    .map(e -> done.get(e.target())).anyMatch(r -> r != null && !r.failed() && r.hasChanges());
            if (!changed) {
                continue;
            }
            LocalTime start = LocalTime.now();
            long began = System.nanoTime();
            Optional<StateResult> watched = new StateCall(ctx.withRun(new ChunkRun(chunk, plan, shared))).watch(chunk);
            StateResult result = watched.orElse(StateResult.ok(chunk.module() + "." + chunk.function()
                    + " has no watch action; listen had nothing to run"));
            String key = chunk.module() + "_|-listener_" + chunk.id() + "_|-" + chunk.name() + "_|-mod_watch";
            long nanos = System.nanoTime() - began;
            int num = runNum.getAndIncrement();
            returns.put(num, Map.entry(key, StateReturn.of(chunk, result, start, nanos, num)));
        }
    }
}
