package io.brine.minion;

import io.brine.transport.TransportRuntime;
import java.io.IOException;
import java.nio.channels.ServerSocketChannel;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;

/**
 * The threads minions run on: their transport (one dealer thread, {@link TransportRuntime}), the pool their jobs
 * run on, the timer of job deadlines and resends, and the loop serving their event sockets. Whoever starts
 * minions makes one and passes it to {@link Minion#start(MinionConfig, io.brine.functions.FunctionRegistry,
 * MinionRuntime)}; a minion started without one makes its own and closes it with itself.
 *
 * <p>A process with one minion pays for these once. A process hosting many (a benchmark swarm, an
 * orchestrator's test rig) passes them all one runtime: otherwise each minion would hold a dealer thread, a
 * deadline thread and a job thread for each job of the last half minute; at 10,000 minions, over 20,000
 * threads. Job threads start on demand and end after 30 idle seconds; how many jobs one minion may run at once is
 * still its own {@code max_jobs}. Every thread's name ends with {@code @NAME}; closing the runtime ends them all.
 *
 * <pre>{@code
 * try (MinionRuntime runtime = new MinionRuntime("swarm")) {
 *     for (MinionConfig c : configs) {
 *         minions.add(Minion.start(c, FunctionRegistry.installed(), runtime));
 *     }
 *     ...
 *     minions.forEach(Minion::close);
 * }
 * }</pre>
 */
public final class MinionRuntime implements AutoCloseable {
    private static final long IDLE_SECONDS = 30;

    private final TransportRuntime transport;
    /**
     * The HTTPS settings its minions use, one per CA file and proxy: each holds the HTTP client its minions share
     * (a swarm of a thousand minions on one runtime opens connections, not a thousand clients).
     */
    private final java.util.Map<HttpsKey, io.brine.transport.HttpsOptions> https =
            new java.util.concurrent.ConcurrentHashMap<>();

    /** What makes two minions' HTTPS settings the same: their CAs and their proxy (not their masters). */
    private record HttpsKey(java.nio.file.Path caFile, String proxy) {
    }
    private final ThreadPoolExecutor jobs;
    private final ScheduledThreadPoolExecutor timer;
    private LocalSocketLoop localSockets;
    private int localSocketUsers;

    /** @param name what this runtime's thread names end with (see {@link TransportRuntime#TransportRuntime}) */
    public MinionRuntime(String name) {
        this.transport = new TransportRuntime(name);
        // Never queues: a job either finds an idle thread or gets a new one.
        this.jobs = new ThreadPoolExecutor(0, Integer.MAX_VALUE, IDLE_SECONDS, TimeUnit.SECONDS,
                new SynchronousQueue<>(), transport.threads("job"));
        this.timer = new ScheduledThreadPoolExecutor(1, transport.threads("job-timer"));
        timer.setKeepAliveTime(IDLE_SECONDS, TimeUnit.SECONDS);
        timer.allowCoreThreadTimeOut(true);
        timer.setRemoveOnCancelPolicy(true); // cancelled deadlines leave the queue at once
    }

    /** A runtime named after a minion's id, for a minion started on its own. */
    static MinionRuntime forMinion(String id) {
        return new MinionRuntime("minion-" + id);
    }

    /** The HTTPS settings for {@code h} (its CA file read once), shared by the minions of this runtime. */
    io.brine.transport.HttpsOptions https(MinionHttps h) throws java.io.IOException {
        HttpsKey key = new HttpsKey(h.caFile(), h.proxy());
        io.brine.transport.HttpsOptions known = https.get(key);
        if (known != null) {
            return known;
        }
        io.brine.transport.HttpsOptions made = io.brine.transport.HttpsOptions.of(h.caFile(),
                h.proxy() == null ? null : MinionHttps.proxyAddress(h.proxy()));
        io.brine.transport.HttpsOptions raced = https.putIfAbsent(key, made);
        return raced == null ? made : raced;
    }

    public String name() {
        return transport.name();
    }

    /** The transport part: the dealer thread the minions' connections share. */
    public TransportRuntime transport() {
        return transport;
    }

    /** Runs jobs. */
    ExecutorService jobs() {
        return jobs;
    }

    /** Fires job deadlines and the minions' periodic work (resends, spool writes). */
    ScheduledExecutorService timer() {
        return timer;
    }

    /** Serves a local line socket on this runtime's socket loop, started by its first socket. */
    void serveLocal(ServerSocketChannel server, UnaryOperator<String> handler) throws IOException {
        localLoop().serve(server, handler);
    }

    /** Serves a local socket whose lines are answered later, on threads of the handler's choosing. */
    void serveDeferred(ServerSocketChannel server, LocalSocketLoop.Deferred handler) throws IOException {
        localLoop().serveDeferred(server, handler);
    }

    private synchronized LocalSocketLoop localLoop() {
        if (localSockets == null) {
            localSockets = new LocalSocketLoop(transport.threadName("local-sockets"));
        }
        localSocketUsers++;
        return localSockets;
    }

    /** Stops serving {@code server}; the loop's thread ends with the last socket. */
    void stopLocal(ServerSocketChannel server) {
        LocalSocketLoop ending = null;
        synchronized (this) {
            if (localSockets == null) {
                return;
            }
            localSockets.stop(server);
            if (--localSocketUsers == 0) {
                ending = localSockets;
                localSockets = null;
            }
        }
        if (ending != null) {
            ending.close();
        }
    }

    /** Ends every thread of this runtime; close the minions on it first, so their jobs end as they should. */
    @Override
    public void close() {
        LocalSocketLoop loop;
        synchronized (this) {
            loop = localSockets;
            localSockets = null;
            localSocketUsers = 0;
        }
        if (loop != null) {
            loop.close();
        }
        jobs.shutdownNow();
        timer.shutdownNow();
        transport.close();
        try {
            jobs.awaitTermination(5, TimeUnit.SECONDS);
            timer.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        return "minion runtime " + name();
    }
}
