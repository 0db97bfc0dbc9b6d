package io.brine.master;

import io.brine.http.ConnectionDrop;
import io.brine.jobs.MinionOutcome;
import io.brine.transport.Counters;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.CounterWithCallback;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
import java.util.function.ToLongFunction;

/**
 * The master's Prometheus metrics, in a registry of its own (several masters in one process each have theirs;
 * the client library's static default registry is never used). Events are counted as they happen through the
 * methods below; what the master already counts or holds (frames dropped, sessions, the cache's backlog) is read
 * at scrape time by callbacks ({@link #watch}), so nothing is counted twice.
 *
 * <pre>{@code
 * MasterMetrics metrics = new MasterMetrics();
 * metrics.published("test.ping");
 * metrics.returned(true, 0.012);
 * }</pre>
 */
final class MasterMetrics implements HandshakeOutcome.Sink {
    /** Distinct function names labelled as they are; later ones read "other" (see {@link BoundedLabel}). */
    static final int MAX_FUNCTION_LABELS = 200;
    /** Job timeouts run from a second to hours: buckets from 5 ms to 10 minutes. */
    private static final double[] LATENCY_BOUNDS = {0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60,
        120, 300, 600};
    /** A batch commit is one fsync: milliseconds normally, seconds on a sick disk. */
    private static final double[] WRITE_BOUNDS = {0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5,
        1, 2.5, 5, 10};

    private final PrometheusRegistry registry = new PrometheusRegistry();
    private final BoundedLabel functions = new BoundedLabel(MAX_FUNCTION_LABELS);
    private final Map<HandshakeOutcome, LongAdder> handshakes = new EnumMap<>(HandshakeOutcome.class);
    private final Counter published;
    private final Counter returns;
    private final Histogram returnLatency;
    private final Histogram cacheWrites;
    private final Counter apiRequests;
    /** The HTTP listeners' own counts of connections closed before a complete request, by listener name. */
    private final Map<String, ToLongFunction<ConnectionDrop>> httpListeners = new ConcurrentHashMap<>();

    MasterMetrics() {
        for (HandshakeOutcome o : HandshakeOutcome.values()) {
            handshakes.put(o, new LongAdder());
        }
        published = Counter.builder().name("brine_jobs_published_total")
                .help("Jobs published, by function (the first " + MAX_FUNCTION_LABELS
                        + " distinct names; later ones count as 'other')")
                .labelNames("function").withoutExemplars().register(registry);
        returns = Counter.builder().name("brine_returns_total")
                .help("Minion returns taken (outcome ok or failed), and expected minions that had not returned "
                        + "when a job stopped waiting (outcome as brine job show names it: running, no-response, "
                        + "not-connected, unknown, queued, expired, disconnected, killed)")
                .labelNames("outcome").withoutExemplars().register(registry);
        // Every outcome from the first scrape, at 0: a rate over a series that appears late misses its first step.
        returns.labelValues("ok");
        returns.labelValues("failed");
        for (MinionOutcome o : MinionOutcome.values()) {
            if (o != MinionOutcome.RETURNED) {
                returns.labelValues(o.label());
            }
        }
        returnLatency = Histogram.builder().name("brine_return_latency_seconds")
                .help("Call latency per return: seconds from a job's publication to a minion's return reaching "
                        + "the master")
                .classicOnly().classicUpperBounds(LATENCY_BOUNDS).withoutExemplars().register(registry);
        cacheWrites = Histogram.builder().name("brine_job_cache_write_seconds")
                .help("Seconds to write one batch of records into the job cache (one transaction)")
                .classicOnly().classicUpperBounds(WRITE_BOUNDS).withoutExemplars().register(registry);
        apiRequests = Counter.builder().name("brine_api_requests_total")
                .help("HTTP API requests answered, by status code")
                .labelNames("status").withoutExemplars().register(registry);
        CounterWithCallback.builder().name("brine_handshakes_total")
                .help("Peers that completed a handshake, by the master's verdict on their key: result ok, pending "
                        + "or refused, and the reason (brine_handshake_failures_total counts those never completed)")
                .labelNames("result", "reason")
                .callback(cb -> handshakes.forEach((o, n) -> cb.call(n.sum(), o.result, o.reason)))
                .register(registry);
        CounterWithCallback.builder().name("brine_http_connections_dropped_total")
                .help("Connections an HTTP listener (api, metrics) closed before they had sent a complete request: "
                        + "the oldest of their address or of all when too many waited, or past the header deadline")
                .labelNames("listener", "reason")
                .callback(cb -> httpListeners.forEach((listener, dropped) -> {
                    for (ConnectionDrop reason : ConnectionDrop.values()) {
                        cb.call(dropped.applyAsLong(reason), listener, reason.name().toLowerCase(Locale.ROOT));
                    }
                }))
                .register(registry);
    }

    /** Reads {@code listener}'s dropped connections at scrape time (a listener started again replaces its count). */
    void watchHttp(String listener, ToLongFunction<ConnectionDrop> dropped) {
        httpListeners.put(listener, dropped);
    }

    /** The registry {@code /metrics} serves. */
    PrometheusRegistry registry() {
        return registry;
    }

    @Override
    public void counted(HandshakeOutcome outcome) {
        handshakes.get(outcome).increment();
    }

    /** A job was published (it passed every check and went out). */
    void published(String function) {
        published.labelValues(functions.of(function)).inc();
    }

    /** A minion's return was taken, {@code seconds} after its job was published. */
    void returned(boolean success, double seconds) {
        returns.labelValues(success ? "ok" : "failed").inc();
        returnLatency.observe(Math.max(0, seconds));
    }

    /** An expected minion had not returned when its job stopped waiting; {@code outcome} as brine job show says. */
    void missing(String outcome) {
        returns.labelValues(outcome).inc();
    }

    /** One batch was written into the job cache in {@code nanos}. */
    void cacheWritten(long nanos) {
        cacheWrites.observe(nanos / 1e9);
    }

    /** The HTTP API answered a request with {@code status}. */
    void apiAnswered(int status) {
        apiRequests.labelValues(status >= 100 && status <= 599 ? Integer.toString(status) : BoundedLabel.OTHER).inc();
    }

    /** What the master holds, read at scrape time. */
    record Sources(IntSupplier connectedMinions, IntSupplier eventSubscribers, LongSupplier cacheBacklog,
            LongSupplier cacheRefused, Counters transport, IntSupplier jobsInMemory, AuditSources audit,
            IntSupplier workersWaiting) {
    }

    /** The audit log's lines waiting to be written and dropped, and the actions refused for it. */
    record AuditSources(IntSupplier waiting, LongSupplier dropped, LongSupplier refused) {
    }

    /** Registers the metrics read at scrape time from {@code sources}; called once, when the master is built. */
    void watch(Sources sources) {
        GaugeWithCallback.builder().name("brine_connected_minions")
                .help("Minions with a live, accepted session")
                .callback(cb -> cb.call(sources.connectedMinions().getAsInt())).register(registry);
        GaugeWithCallback.builder().name("brine_event_bus_subscribers")
                .help("Subscriptions on the master's event bus (event streams, the reactor, embedding code)")
                .callback(cb -> cb.call(sources.eventSubscribers().getAsInt())).register(registry);
        GaugeWithCallback.builder().name("brine_job_cache_queue_depth")
                .help("Records waiting to be written into the job cache")
                .callback(cb -> cb.call(sources.cacheBacklog().getAsLong())).register(registry);
        CounterWithCallback.builder().name("brine_job_cache_records_refused_total")
                .help("Job cache records the database refused for good (a value its text cannot hold) and that were "
                        + "dropped; a return among them stays unacknowledged, so its minion sends it again")
                .callback(cb -> cb.call(sources.cacheRefused().getAsLong())).register(registry);
        GaugeWithCallback.builder().name("brine_jobs_in_memory")
                .help("Jobs the master holds in memory: running, or ended within the last seconds (for returns "
                        + "still on their way); the others are read from the job cache")
                .callback(cb -> cb.call(sources.jobsInMemory().getAsInt())).register(registry);
        GaugeWithCallback.builder().name("brine_worker_queue_depth")
                .help("Tasks waiting for one of the master's workers: callers' requests and returns, and behind them "
                        + "the bookkeeping of minions connecting (start events, queued deliveries, grains)")
                .callback(cb -> cb.call(sources.workersWaiting().getAsInt())).register(registry);
        AuditSources audit = sources.audit();
        GaugeWithCallback.builder().name("brine_audit_log_queue_depth")
                .help("Audit log entries waiting in memory for a disk that could not take them")
                .callback(cb -> cb.call(audit.waiting().getAsInt())).register(registry);
        CounterWithCallback.builder().name("brine_audit_entries_dropped_total")
                .help("Audit log entries dropped because too many waited in memory while the log could not be "
                        + "written")
                .callback(cb -> cb.call(audit.dropped().getAsLong())).register(registry);
        CounterWithCallback.builder().name("brine_audit_refusals_total")
                .help("Actions refused because their audit line could not be made durable (audit_required)")
                .callback(cb -> cb.call(audit.refused().getAsLong())).register(registry);
        Counters transport = sources.transport();
        CounterWithCallback.builder().name("brine_frames_dropped_total")
                .help("Frames, connections and messages the master's listener dropped before acting on them, "
                        + "by reason")
                .labelNames("reason")
                .callback(cb -> {
                    for (Counters.Drop reason : Counters.Drop.values()) {
                        cb.call(transport.dropped(reason), reason.name().toLowerCase(Locale.ROOT));
                    }
                })
                .register(registry);
        CounterWithCallback.builder().name("brine_handshake_failures_total")
                .help("Handshakes that broke off (reason handshake_error: a bad or out-of-order message) or were "
                        + "never finished (reason expired)")
                .labelNames("reason")
                .callback(cb -> {
                    cb.call(transport.handshakeFailures(), "handshake_error");
                    cb.call(transport.handshakesExpired(), "expired");
                })
                .register(registry);
        CounterWithCallback.builder().name("brine_handshakes_paced_total")
                .help("First handshake messages answered 'busy, retry after N' (paced admission): deferred, not "
                        + "dropped")
                .callback(cb -> cb.call(transport.handshakesPaced())).register(registry);
    }
}
