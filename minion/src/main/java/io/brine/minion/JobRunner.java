package io.brine.minion;

import io.brine.minion.function.Arguments;
import io.brine.minion.function.Function;
import io.brine.minion.function.FunctionCatalog;
import io.brine.minion.function.FunctionContext;
import io.brine.minion.function.FunctionException;
import io.brine.minion.function.FunctionResult;
import io.brine.minion.function.MasterLink;
import io.brine.protocol.JobAck;
import io.brine.protocol.JobRequest;
import io.brine.protocol.JobReturn;
import io.brine.protocol.Message;
import io.brine.protocol.MinionReturn;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Runs jobs concurrently, each bounded by its timeout, and turns every outcome into exactly one return:
 * a value, a reported failure, an unknown function, bad arguments, an exception, or a timeout (after which
 * the job's thread is interrupted so its processes are killed). Nothing a function does can stop the minion.
 */
final class JobRunner implements AutoCloseable {
    private static final Logger LOG = System.getLogger(JobRunner.class.getName());

    private final String minionId;
    private final FunctionCatalog functions;
    private final Supplier<Map<String, Object>> grains;
    private final Path cacheDir;
    private final Consumer<Message> send;
    private final MasterLink master;
    private final ExecutorService pool;
    private final ScheduledExecutorService watchdog;

    JobRunner(String minionId, FunctionCatalog functions, Supplier<Map<String, Object>> grains, Path cacheDir,
            int maxJobs, Consumer<Message> send, MasterLink master) {
        this.minionId = minionId;
        this.functions = functions;
        this.grains = grains;
        this.cacheDir = cacheDir;
        this.send = send;
        this.master = master;
        this.pool = Executors.newFixedThreadPool(maxJobs, r -> daemon(r, "brine-job"));
        this.watchdog = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "brine-job-watchdog"));
    }

    void submit(JobRequest job) {
        send.accept(new JobAck(job.jid()));
        long start = System.currentTimeMillis();
        AtomicBoolean returned = new AtomicBoolean();
        Future<?> running = pool.submit(() -> {
            MinionReturn result = run(job, start);
            if (returned.compareAndSet(false, true)) {
                send.accept(new JobReturn(job.jid(), result));
            }
        });
        watchdog.schedule(() -> {
            if (returned.compareAndSet(false, true)) {
                running.cancel(true);
                long now = System.currentTimeMillis();
                LOG.log(Level.WARNING, "job " + job.jid() + " (" + job.function() + ") timed out");
                send.accept(new JobReturn(job.jid(), MinionReturn.failed(124, "job timed out after "
                        + job.timeoutMillis() / 1000.0 + " s and was stopped", start, now)));
            }
        }, job.timeoutMillis(), TimeUnit.MILLISECONDS);
    }

    private MinionReturn run(JobRequest job, long start) {
        Optional<Function> function = functions.find(job.function());
        if (function.isEmpty()) {
            return MinionReturn.failed(254, "'" + job.function() + "' is not available on this minion",
                    start, System.currentTimeMillis());
        }
        try {
            Function f = function.get();
            Arguments args = Arguments.bind(f.name(), f.params(), job.args(), job.kwargs(), f.acceptsExtraKeywords());
            FunctionContext context = new FunctionContext(minionId, job.jid(), grains.get(), master,
                    Instant.ofEpochMilli(start + job.timeoutMillis()), functions, cacheDir);
            Object value = f.call(context, args);
            long end = System.currentTimeMillis();
            if (value instanceof FunctionResult r) {
                return new MinionReturn(r.success(), r.retcode(), WireValues.of(r.ret()), start, end);
            }
            return MinionReturn.ok(WireValues.of(value), start, end);
        } catch (FunctionException e) {
            return MinionReturn.failed(e.retcode(), e.getMessage(), start, System.currentTimeMillis());
        } catch (InterruptedException e) {
            return MinionReturn.failed(124, "job interrupted", start, System.currentTimeMillis());
        } catch (Exception | StackOverflowError | OutOfMemoryError e) {
            LOG.log(Level.WARNING, "function " + job.function() + " failed in job " + job.jid(), e);
            return MinionReturn.failed(1, "function " + job.function() + " failed: " + e, start,
                    System.currentTimeMillis());
        }
    }

    @Override
    public void close() {
        pool.shutdownNow();
        watchdog.shutdownNow();
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }
}
