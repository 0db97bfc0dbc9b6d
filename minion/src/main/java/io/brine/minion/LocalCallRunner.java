package io.brine.minion;

import io.brine.functions.FunctionCatalog;
import io.brine.functions.MasterLink;
import io.brine.functions.MinionControl;
import io.brine.functions.ProcessRunner;
import io.brine.protocol.JobRequest;
import io.brine.protocol.JobReturn;
import io.brine.protocol.MinionReturn;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Runs functions for a caller on this machine ({@code brine call}, with or without {@code --local}) through the
 * same job runner as a minion's jobs (function policy, return cap, timeout, the same failure returns), and hands
 * each return to its caller instead of sending it to a master; {@code master} supplies pillar and files.
 */
final class LocalCallRunner implements CallSocket.Runner, AutoCloseable {
    /** The runner returns at the job's deadline whatever the function does; this margin is for its thread. */
    private static final long MARGIN_MILLIS = 10_000;
    /** How often a waiting call looks whether its caller is still there. */
    private static final long CHECK_MILLIS = 500;

    private final Map<String, CompletableFuture<MinionReturn>> pending = new ConcurrentHashMap<>();
    private final JobRunner jobs;

    LocalCallRunner(MinionConfig config, FunctionCatalog functions, Supplier<Map<String, Object>> grains,
            MasterLink master, MinionControl control, int maxCalls, ProcessRunner processes, MinionRuntime runtime) {
        ReturnCap cap = new ReturnCap(config.maxReturnSize());
        // a local caller needs no acknowledgement of a running job, and its returns are cut as a master's would be
        this.jobs = new JobRunner(config.id(), functions, grains, config.cacheDir(), maxCalls, m -> { }, master,
                control, config.functionPolicy(), (ret, uncut) -> returned(cap.apply(ret, uncut)),
                TakenJobs.inMemory(), processes, runtime);
    }

    private void returned(JobReturn r) {
        CompletableFuture<MinionReturn> waiting = pending.remove(r.jid());
        if (waiting != null) {
            waiting.complete(r.result());
        }
    }

    @Override
    public MinionReturn call(String jid, String function, List<Object> args, Map<String, Object> kwargs,
            Duration timeout, BooleanSupplier callerGone) throws InterruptedException {
        CompletableFuture<MinionReturn> result = new CompletableFuture<>();
        if (pending.putIfAbsent(jid, result) != null) {
            throw new IllegalStateException("job " + jid + " is already running here");
        }
        try {
            jobs.submit(new JobRequest(jid, function, args, kwargs, timeout.toMillis(), "local"));
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeout.toMillis() + MARGIN_MILLIS);
            boolean killed = false;
            while (true) {
                try {
                    return result.get(Math.min(CHECK_MILLIS, Math.max(1, TimeUnit.NANOSECONDS.toMillis(
                            deadline - System.nanoTime()))), TimeUnit.MILLISECONDS);
                } catch (TimeoutException notYet) {
                    if (System.nanoTime() - deadline >= 0) {
                        throw new IllegalStateException("the local job did not return", notYet);
                    }
                    if (!killed && callerGone.getAsBoolean()) {
                        // nobody waits for it any more: stop it as 'brine job kill' would, and free its slot
                        jobs.kill(jid);
                        killed = true;
                    }
                }
            }
        } catch (ExecutionException e) {
            throw new IllegalStateException("the local job did not return: " + e, e);
        } finally {
            pending.remove(jid);
        }
    }

    @Override
    public void close() {
        jobs.close();
    }
}
