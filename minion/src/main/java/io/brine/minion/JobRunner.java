package io.brine.minion;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionCatalog;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionPolicy;
import io.brine.functions.ProcessRunner;
import io.brine.functions.FunctionException;
import io.brine.functions.FunctionResult;
import io.brine.functions.MasterLink;
import io.brine.functions.MinionControl;
import io.brine.protocol.JobAck;
import io.brine.protocol.JobRequest;
import io.brine.protocol.JobReturn;
import io.brine.protocol.Message;
import io.brine.protocol.MinionReturn;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Runs jobs concurrently, each bounded by its timeout, and turns every outcome into exactly one return:
 * a value, a reported failure, an unknown function, bad arguments, an exception, a timeout or a kill (after
 * which the job's thread is interrupted so its processes are killed). Nothing a function does can stop the
 * minion.
 */
final class JobRunner implements AutoCloseable {
    private static final Logger LOG = System.getLogger(JobRunner.class.getName());
    static final int TIMED_OUT = io.brine.functions.CommandResult.TIMED_OUT;
    static final int KILLED = 143;
    /** A function or command this minion's functions_allowed, functions_denied or cmd_allowed refuses. */
    static final int REFUSED = 77;
    /**
     * A job still running this long after it arrived tells the master it is running (JobAck); one that returns
     * sooner needs no acknowledgement, its return says it all. Most jobs (test.ping, grains, small commands) end
     * well within this, and a broadcast to 10,000 minions then costs the master 10,000 messages to open and file
     * instead of 20,000. The master reports a minion that acknowledged but has not returned as "running".
     */
    static final long ACK_AFTER_MILLIS = 100;

    /** A job between receipt and return; {@code returned} makes sure exactly one return is sent. */
    private record Running(JobRequest job, long startMillis, FutureTask<?> task, ScheduledFuture<?> deadline,
            ScheduledFuture<?> ack, AtomicBoolean returned) {
        void ended() {
            ack.cancel(false);
            deadline.cancel(false);
        }
    }

    private final String minionId;
    private final FunctionCatalog functions;
    private final Supplier<Map<String, Object>> grains;
    private final Path cacheDir;
    private final Consumer<Message> send;
    private final MasterLink master;
    private final MinionControl control;
    private final FunctionPolicy policy;
    private final ProcessRunner processes;
    /** The runtime's job threads and timer (deadlines, acknowledgements). */
    private final java.util.concurrent.Executor jobThreads;
    private final java.util.concurrent.ScheduledExecutorService timer;
    /** Null only in tests that need no durability. */
    private final ReturnSink returns;
    private final int maxJobs;
    /** Whether a job arriving is new: a queued job is sent again on every new session, and must still run once. */
    private final TakenJobs taken;
    private final Map<String, Running> running = new ConcurrentHashMap<>();
    /** Jobs received while {@code maxJobs} were running, in arrival order; guarded by itself. */
    private final ArrayDeque<FutureTask<?>> waiting = new ArrayDeque<>();
    private int active;
    private boolean closed;

    JobRunner(String minionId, FunctionCatalog functions, Supplier<Map<String, Object>> grains, Path cacheDir,
            int maxJobs, Consumer<Message> send, MasterLink master, MinionControl control, FunctionPolicy policy,
            ReturnSink returns, TakenJobs taken, ProcessRunner processes, MinionRuntime runtime) {
        this.taken = taken;
        this.jobThreads = runtime.jobs();
        this.timer = runtime.timer();
        this.returns = returns;
        this.minionId = minionId;
        this.policy = policy;
        this.processes = processes;
        this.functions = functions;
        this.grains = grains;
        this.cacheDir = cacheDir;
        this.send = send;
        this.master = master;
        this.control = control;
        this.maxJobs = maxJobs;
    }

    void submit(JobRequest job) {
        if (!taken.firstTime(job)) {
            LOG.log(Level.DEBUG, "job " + job.jid() + " arrived again; it runs once");
            return;
        }
        long start = System.currentTimeMillis();
        Optional<ExecutionFunction> function = functions.find(job.function());
        if (function.isEmpty() || function.get().immediate() || policy.functionRefusal(job.function()).isPresent()) {
            // Answered on the receiving thread (see ExecutionFunction#immediate); so is a function this minion lacks or
            // refuses.
            Result result = run(job, function, start);
            returns.returned(new JobReturn(job.jid(), result.ret()), result.uncutBytes());
            return;
        }
        AtomicBoolean returned = new AtomicBoolean();
        long startNanos = System.nanoTime();
        String timedOut = "job timed out after " + job.timeoutMillis() / 1000.0 + " s and was stopped";
        FutureTask<Void> task = new FutureTask<>(() -> {
            Result result = run(job, function, start);
            // measured on the monotonic clock: a wall clock stepped forward must not end a job early
            if (System.nanoTime() - startNanos >= TimeUnit.MILLISECONDS.toNanos(job.timeoutMillis())) {
                // The command runner kills a job's commands at the same deadline, so the function may answer
                // (say 'false' for a killed service start) a moment before the deadline's own stop: either way the
                // job ran out of time, and its return says so.
                stop(job.jid(), TIMED_OUT, timedOut);
            } else {
                finish(job.jid(), returned, result);
            }
        }, null);
        ScheduledFuture<?> deadline = timer.schedule(() -> stop(job.jid(), TIMED_OUT, timedOut),
                job.timeoutMillis(), TimeUnit.MILLISECONDS);
        ScheduledFuture<?> ack = timer.schedule(() -> {
            if (!returned.get()) {
                send.accept(new JobAck(job.jid()));
                returns.running(job.jid(), job.function()); // should the minion die now, the job reads 'lost'
            }
        }, ACK_AFTER_MILLIS, TimeUnit.MILLISECONDS);
        running.put(job.jid(), new Running(job, start, task, deadline, ack, returned));
        admit(task);
    }

    /** Starts the job now if fewer than max_jobs run, else when one of them ends. */
    private void admit(FutureTask<?> task) {
        synchronized (waiting) {
            if (closed) {
                return;
            }
            if (active >= maxJobs) {
                waiting.addLast(task);
                return;
            }
            active++;
        }
        start(task);
    }

    private void start(FutureTask<?> task) {
        try {
            jobThreads.execute(() -> {
                try {
                    task.run();
                } finally {
                    next();
                }
            });
        } catch (RejectedExecutionException | OutOfMemoryError e) {
            // no thread to be had (the process is at its thread limit): the job's deadline will report it
            LOG.log(Level.ERROR, "cannot start a job thread: " + e);
            next();
        }
    }

    private void next() {
        FutureTask<?> following;
        synchronized (waiting) {
            following = closed ? null : waiting.pollFirst();
            if (following == null) {
                active--;
                return;
            }
        }
        start(following);
    }

    /** Stops a running job on the master's order; its return says it was killed. */
    void kill(String jid) {
        stop(jid, KILLED, "job killed on request");
    }

    /** The jobs running now, for jobs.running. */
    List<Map<String, Object>> runningJobs() {
        List<Map<String, Object>> out = new ArrayList<>();
        running.values().forEach(r -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("jid", r.job().jid());
            m.put("function", r.job().function());
            m.put("caller", r.job().caller());
            m.put("started", Instant.ofEpochMilli(r.startMillis()).toString());
            out.add(m);
        });
        return out;
    }

    private void stop(String jid, int retcode, String why) {
        Running r = running.get(jid);
        if (r != null && r.returned().compareAndSet(false, true)) {
            r.task().cancel(true);
            r.ended();
            running.remove(jid);
            LOG.log(Level.WARNING, "job " + jid + " (" + r.job().function() + "): " + why);
            returns.returned(new JobReturn(jid, MinionReturn.failed(retcode, why, r.startMillis(),
                    System.currentTimeMillis())), 0);
        }
    }

    private void finish(String jid, AtomicBoolean returned, Result result) {
        if (returned.compareAndSet(false, true)) {
            Running r = running.remove(jid);
            if (r != null) {
                r.ended();
            }
            if (result == Result.AFTER_RESTART) {
                control.restartNow(); // the job's .run marker stays: the next start returns it
                return;
            }
            returns.returned(new JobReturn(jid, result.ret()), result.uncutBytes());
        }
    }

    /** What a function returned, and how large its output was before its own cap cut it (0: nothing was cut). */
    private record Result(MinionReturn ret, long uncutBytes) {
        /** The job's return comes from the version the minion restarts into: nothing is sent now. */
        static final Result AFTER_RESTART = new Result(null, 0);

        static Result of(MinionReturn ret) {
            return new Result(ret, 0);
        }
    }

    private Result run(JobRequest job, Optional<ExecutionFunction> function, long start) {
        if (function.isEmpty()) {
            return Result.of(MinionReturn.failed(254, "'" + job.function() + "' is not available on this minion",
                    start, System.currentTimeMillis()));
        }
        Optional<String> refused = policy.functionRefusal(job.function());
        if (refused.isPresent()) {
            return Result.of(MinionReturn.failed(REFUSED, refused.get(), start, System.currentTimeMillis()));
        }
        try {
            ExecutionFunction f = function.get();
            Arguments args = Arguments.bind(f.name(), f.params(), job.args(), job.kwargs(), f.acceptsExtraKeywords());
            Instant deadline = Instant.ofEpochMilli(start + job.timeoutMillis());
            FunctionContext context = new FunctionContext(minionId, job.jid(), grains.get(), master, deadline,
                    policy.visible(functions), cacheDir, control, policy, processes.until(deadline));
            Object value = f.call(context, args);
            if (value == FunctionResult.AFTER_RESTART) {
                return Result.AFTER_RESTART;
            }
            long end = System.currentTimeMillis();
            if (value instanceof FunctionResult r) {
                return new Result(new MinionReturn(r.success(), r.retcode(), WireValues.of(r.ret()), start, end),
                        r.uncutBytes());
            }
            return Result.of(MinionReturn.ok(WireValues.of(value), start, end));
        } catch (FunctionException e) {
            return Result.of(MinionReturn.failed(e.retcode(), e.getMessage(), start, System.currentTimeMillis()));
        } catch (InterruptedException e) {
            return Result.of(MinionReturn.failed(TIMED_OUT, "job interrupted", start, System.currentTimeMillis()));
        } catch (Exception | StackOverflowError | OutOfMemoryError e) {
            LOG.log(Level.WARNING, "function " + job.function() + " failed in job " + job.jid(), e);
            return Result.of(MinionReturn.failed(1, "function " + job.function() + " failed: " + e, start,
                    System.currentTimeMillis()));
        }
    }

    /** The jids of the jobs running now. */
    List<String> runningJids() {
        return List.copyOf(running.keySet());
    }

    @Override
    public void close() {
        synchronized (waiting) {
            closed = true;
            waiting.clear();
        }
        for (Running r : running.values()) {
            // Its caller learns at once that the minion stopped, rather than waiting for the timeout.
            stop(r.job().jid(), KILLED, "the minion is stopping; the job was stopped with it");
        }
        running.clear();
    }
}
