package io.brine.master;

import io.brine.config.TemplateRenderer;
import io.brine.fileserver.PillarCompiler;
import io.brine.fileserver.RootedFiles;
import io.brine.http.ConnectionDrop;
import io.brine.master.internal.AuditLog;
import io.brine.master.internal.MasterPki;
import io.brine.protocol.crypto.Fingerprint;
import io.brine.protocol.crypto.StaticKeyPair;
import io.brine.transport.Counters;
import io.brine.transport.RouterEndpoint;
import io.brine.transport.TransportRuntime;
import io.brine.transport.TransportSettings;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.lang.System.Logger;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.ToLongFunction;

/**
 * A Brine master, started in-process. The CLI's {@code brine master} is a thin wrapper around it, and an
 * orchestrator can embed it the same way.
 *
 * <p>Example:
 * <pre>{@code
 * try (Master master = Master.start(MasterConfig.load(Path.of("/etc/brine/master.yaml")))) {
 *     master.keys().preseed("vm-42", publicKeyOfVm42);
 *     Job r = master.client().call(JobSpec.of("vm-42", "cmd.run", "uptime"));
 * }
 * }</pre>
 */
public final class Master implements AutoCloseable {
    private static final Logger LOG = System.getLogger(Master.class.getName());
    /** The name under which the local operator's client key is authorised, and recorded as caller. */
    public static final String LOCAL_CLIENT = io.brine.config.MasterEndpoint.LOCAL_CLIENT;
    /** The name the embedding application's own client ({@link #client()}) acts and is recorded as. */
    public static final String LIBRARY_CALLER = "library";
    /** The minion function whose job a minion must be running for the master to take its pushes. */
    static final String PUSH_FUNCTION = "cp.push";
    /** Names that only the master's own callers use; no client key or token may take them. */
    public static final java.util.Set<String> RESERVED_NAMES = java.util.Set.of(LOCAL_CLIENT, LIBRARY_CALLER,
            Reactor.CALLER);

    private final MasterConfig config;
    private final TransportRuntime runtime;
    /** Whether this master made its runtime, and so closes it. */
    private final boolean ownsRuntime;
    private final StaticKeyPair key;
    private final JobCache cache;
    /** Live jobs: ended when the master closes, so no caller waits for it. */
    private final JobTracker tracker;
    /** Jobs refused at publication because they would pass a bound, by reason (see dropCounters). */
    private final JobRefusals refusals = new JobRefusals();
    private final ScheduledExecutorService timer;
    private final MasterWorkers workers;
    private final RouterEndpoint endpoint;
    private final MasterKeys keys;
    private final MasterClient client;
    private final MasterDispatcher dispatcher;
    /** Takes what minions push during their cp.push jobs; its refusals are counted in {@link #dropCounters}. */
    private final PushReceiver pushes;
    private final EventBus events = new EventBus();
    private final AuditLog audit;
    private final CacheDirLock cacheLock;
    private final MasterMetrics metrics = new MasterMetrics();
    private final MasterHealth health;
    /** Serves /metrics and /health when the configuration has {@code metrics}; null otherwise. */
    private volatile MetricsServer metricsServer;
    private volatile HttpsTransportServer httpsServer;
    /** Set when the transport's I/O thread died or the master closed: it hears nobody any more. */
    private volatile boolean deaf;
    /** The database this master shares with the others of its cluster ({@code cluster}); null without one. */
    private final ClusterDatabase cluster;
    /** Key changes announced by the cluster's masters, this one's included; null without a cluster. */
    private final ClusterNotices keyNotices;
    /** This master's name among the cluster's masters (a new one each run); null without a cluster. */
    private final String clusterId;
    /** Jobs to and from the other masters' minions; null without a cluster. */
    private final ClusterRoutes routes;
    /** What the master knows of each minion for targeting (grains, pillar). */
    private final MinionFactsCache facts;
    /** Jobs for the roster's machines, over SSH. */
    private final SshJobs ssh;
    /** The threads orchestrations run on, at most {@link OrchestrateJobs#MAX_RUNNING} at once. */
    private final java.util.concurrent.ExecutorService orchestrateRuns;
    /** The mine; its refusals are counted in {@link #dropCounters}. */
    private final MineService mine;
    /** Files the jobs minions ran from their schedules; its refusals are counted in {@link #dropCounters}. */
    private final MinionJobs minionJobs;
    /** Minions' events shared with the cluster's other masters; null without a cluster. */
    private final ClusterEvents clusterEvents;
    /** The notices of jobs routed here and of replies routed back; empty without a cluster. */
    private final java.util.List<ClusterNotices> routeNotices = new java.util.ArrayList<>();
    /** This master's row among the cluster's; set once it listens, null without a cluster. */
    private volatile ClusterMembership membership;
    /** The database did not answer the last {@link #sayAlive}. */
    private volatile boolean clusterAway;

    private Master(MasterConfig config, TransportRuntime runtime, boolean ownsRuntime, Consumer<Throwable> onFatal,
            ClusterDatabase cluster) throws IOException, InterruptedException {
        this.config = config;
        this.cluster = cluster;
        this.runtime = runtime;
        this.ownsRuntime = ownsRuntime;
        this.key = MasterPki.prepare(config.pkiDir());
        this.cacheLock = CacheDirLock.acquire(config.cacheDir());
        try {
            // in a cluster, the jobs live in its database: every master shows the same job
            this.cache = cluster == null
                    ? JobCache.open(config.cacheDir(), runtime.threads("job-cache"), metrics::cacheWritten)
                    : JobCache.open(cluster, runtime.threads("job-cache"), metrics::cacheWritten);
        } catch (RuntimeException e) {
            cacheLock.close();
            throw e;
        }
        // in a cluster, through the pool this master has open: not a second pool and migration check of its own
        this.audit = cluster == null ? AuditLog.open(config)
                : AuditLog.open(config, cluster, runtime.threads("cluster-audit"));
        java.util.concurrent.ScheduledThreadPoolExecutor timerPool =
                new java.util.concurrent.ScheduledThreadPoolExecutor(1, runtime.threads("master-timer"));
        // A finished job cancels its timeout and removal tasks: cancelled tasks must not keep the job in memory.
        timerPool.setRemoveOnCancelPolicy(true);
        this.timer = timerPool;
        this.workers = new MasterWorkers(Math.max(4, Runtime.getRuntime().availableProcessors() * 2),
                runtime.threads("master-worker"));
        ClusterKeys clusterKeys = cluster == null ? null : new ClusterKeys(cluster.dataSource(),
                workers.background());
        if (clusterKeys != null) {
            clusterKeys.list(); // read once now: what stands in if the database goes away before the first job
        }
        KeyStore directory = cluster == null ? new KeyDirectory(config.pkiDir()) : clusterKeys;
        MinionSessions sessions = new MinionSessions();
        this.tracker = new JobTracker(cache, timer, events, metrics, JobTracker.BacklogLimit.DEFAULTS, refusals);
        TemplateRenderer pillarRenderer = TemplateRenderer.installed();
        LOG.log(Level.INFO, "pillar files are rendered by " + (pillarRenderer == TemplateRenderer.PLAIN
                ? "nothing (plain YAML)" : pillarRenderer.getClass().getName()));
        PillarCompiler pillar = new PillarCompiler(config.pillarRoots(), pillarRenderer);
        // in a cluster, every master targets by the grains minions reported to any of them
        MinionFactsCache facts = cluster == null ? new MinionFactsCache(config.cacheDir(), pillar)
                : new MinionFactsCache(new ClusterGrains(cluster.dataSource()), pillar);
        this.facts = facts;
        AccessPolicy access = new AccessPolicy(config.access().publisherAcl(), config.access().publisherAclLocal(),
                facts::facts, name -> io.brine.protocol.MinionId.isValid(name)
                        && java.nio.file.Files.exists(config.pkiDir().resolve("clients").resolve(name)));
        Principal library = Principal.local(LIBRARY_CALLER, LIBRARY_CALLER);
        TransportSettings settings = TransportSettings.DEFAULTS.withMaxFrameSize(config.maxFrameSize());
        // The router first: the services answer peers through the sessions it hands out, and only key changes
        // need the router itself (to check again the sessions of the ids they concern).
        this.endpoint = new RouterEndpoint(runtime, config.bindAddress(), key,
                new KeyAuthenticator(directory, config.pkiDir().resolve("clients"), config.autoAccept(), events,
                        config.keyFiling(), metrics), settings,
                config.routerLimits(), failure -> {
                    deaf = true;
                    onFatal.accept(failure);
                });
        // A key changed through any master of the cluster: the session of its minion, if it has one here, is
        // checked again (all of them after the notices were lost a while: anything may have changed)
        this.keyNotices = clusterKeys == null ? null : ClusterNotices.listen(cluster.dataSource(), ClusterKeys.CHANNEL,
                id -> {
                    clusterKeys.changed(id);
                    endpoint.recheck(id == null ? sessions.connectedIds() : java.util.Set.of(id));
                }, runtime.threads("cluster-notices"));
        this.keys = new MasterKeys(directory, endpoint::recheck, events, access, audit, library,
                new MinionPresence(sessions, config.cacheDir(), java.time.Clock.systemUTC(),
                        id -> facts.facts(id, true, false).grains()));
        DeclaredFunctions declared = new DeclaredFunctions();
        DeliveryQueue deliveries = new DeliveryQueue(cache, tracker::find, DeliveryQueue.Limits.DEFAULTS, refusals,
                cluster != null);
        this.clusterId = cluster == null ? null : ClusterMembership.newId();
        this.routes = cluster == null ? null : new ClusterRoutes(cluster.dataSource(), clusterId,
                new ClusterRoutes.Local() {
                    @Override
                    public boolean connected(String minionId) {
                        return sessions.get(minionId).isPresent();
                    }

                    @Override
                    public void send(String minionId, io.brine.protocol.Message message) {
                        sessions.get(minionId).ifPresent(s -> s.send(message));
                    }

                    @Override
                    public void queue(String minionId, io.brine.protocol.JobRequest request) {
                        try {
                            deliveries.checkRoom(java.util.List.of(minionId)); // the publisher checked it as reachable
                        } catch (JobRefusedException e) {
                            LOG.log(Level.WARNING, "job " + request.jid() + " routed here for " + minionId
                                    + ", which has left, is not queued: " + e.getMessage());
                            return; // counted by the refusals; the job reads missing for that minion
                        }
                        deliveries.add(request.jid(), minionId, System.currentTimeMillis()
                                + request.queuedForMillis());
                        // back this very moment, its session perhaps past looking for deliveries: sent (runs once)
                        sessions.get(minionId).ifPresent(s -> s.send(request));
                    }

                    @Override
                    public void acknowledged(String minionId, String jid) {
                        tracker.acknowledged(minionId, jid);
                    }

                    @Override
                    public void returned(String minionId, String jid, io.brine.jobs.MinionResult result,
                            Runnable stored) {
                        tracker.returned(minionId, jid, result, stored);
                    }
                }, workers, timer);
        MinionReach reach = routes == null ? MinionReach.local(sessions) : routes;
        this.clusterEvents = cluster == null ? null : new ClusterEvents(cluster.dataSource(), clusterId, events,
                workers.background());
        Digests digests = new Digests();
        MasterSecrets secrets = MasterSecrets.of(config);
        TransferStaging staging = new TransferStaging(digests, new CopySources(config.access().cpRoots(),
                config.fileRoots(), secrets, access));
        this.ssh = new SshJobs(config.ssh(), config.fileRoots(), pillar, config.nodegroups(), tracker, staging,
                secrets, () -> directory.ids(io.brine.protocol.KeyStatus.ACCEPTED), config.quotas().maxReturnSize(),
                runtime.threads("ssh"));
        this.mine = new MineService(cache, config.access().mineAcl(), facts::facts, config.nodegroups(),
                java.time.Clock.systemUTC(), config.maxFrameSize());
        // a deleted key's mine goes with it, whichever master deleted it; those deleted while none ran, now
        events.subscribe("brine/key/*/deleted", e -> workers.background().execute(
                () -> mine.keyDeleted(String.valueOf(e.data().get("id")))));
        mine.keepOnly(directory.ids(io.brine.protocol.KeyStatus.ACCEPTED));
        io.brine.protocol.JidGenerator jids = new io.brine.protocol.JidGenerator();
        JobPublisher publisher = new JobPublisher(new JobRoute(TargetResolver.minions(directory, facts,
                config.nodegroups()), reach, declared), ssh, tracker, events, timer, access, audit, deliveries, metrics,
                refusals, jids);
        this.orchestrateRuns = java.util.concurrent.Executors.newCachedThreadPool(runtime.threads("orchestrate"));
        OrchestrateJobs orchestrations = new OrchestrateJobs(new OrchestrateJobs.Parts(
                java.util.ServiceLoader.load(io.brine.master.internal.Orchestrator.class).findFirst(), tracker, jids,
                access, audit, pillar, config.fileRoots(), masterId(), orchestrateRuns, keys, events, mine));
        this.client = new MasterClient(publisher, tracker, staging, config.timeout(), library, orchestrations);
        this.pushes = new PushReceiver(config.cacheDir(), id -> tracker.awaiting(id, PUSH_FUNCTION).stream()
                .map(j -> PushPermits.PushJob.of(j.jid(), j.args(), j.kwargs())).toList(),
                config.quotas().maxPushBytes());
        MinionService minionService = new MinionService(new FileServer(new RootedFiles(config.fileRoots()), staging,
                digests, config.maxFrameSize(), secrets), pillar, id -> facts.facts(id, true, false).grains(), pushes,
                mine);
        this.minionJobs = new MinionJobs(cache, tracker, jids, events);
        MasterDispatcher.Services services = new MasterDispatcher.Services(new ClientService(client, keys),
                minionService, new EventService(events, access, clusterEvents == null ? e -> { }
                        : clusterEvents::share), new ReturnAcks(timer), routes,
                this.minionJobs);
        this.dispatcher = new MasterDispatcher(sessions, tracker, facts, events, workers,
                io.brine.protocol.SessionLimits.of(config.maxFrameSize(), config.quotas().maxReturnSize()), declared,
                deliveries, services, endpoint.counters());
        new Reactor(config.reactor(), client.as(Principal.local(Reactor.CALLER, Reactor.CALLER)), workers.background())
                .listenTo(events);
        metrics.watch(new MasterMetrics.Sources(sessions::count, events::subscribers, cache::backlog,
                cache::refusedRecords,
                endpoint.counters(), tracker::inMemory, new MasterMetrics.AuditSources(audit::waiting, audit::dropped,
                        audit::refused), workers::waiting));
        this.health = new MasterHealth(() -> !deaf, config.cacheDir(), cache::failing, audit::failing,
                cluster == null ? null : () -> clusterAway ? "the cluster's database does not answer: this master "
                        + "serves its own minions from memory; job records and returns wait in the job cache's "
                        + "backlog (" + cache.backlog() + " now), audit lines in memory (" + audit.waiting() + "); key "
                        + "changes, jobs for other masters' minions and shared events wait until it is back" : null);
    }

    /** Salt's id for the master in an orchestration's output: its host name with {@code _master}. */
    private static String masterId() {
        String host;
        try {
            host = java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.net.UnknownHostException e) {
            host = "localhost";
        }
        String id = host.split("\\.")[0] + "_master";
        return io.brine.protocol.MinionId.isValid(id) ? id : "brine_master";
    }

    /**
     * Creates keys on first start, opens the job cache and starts listening, on a runtime of its own (closed with
     * the master). Should the transport's I/O thread die, the master can no longer hear anyone: that is logged,
     * and nothing else (an embedding application that wants to react passes {@code onFatal} to
     * {@link #start(MasterConfig, Consumer)}).
     */
    public static Master start(MasterConfig config) throws IOException, InterruptedException {
        return start(config, failure -> {
        });
    }

    /**
     * As {@link #start(MasterConfig)}; {@code onFatal} is told (on a thread of its own) if the transport's I/O
     * thread dies, after which the master is deaf: a daemon exits non-zero so its supervisor restarts it.
     */
    public static Master start(MasterConfig config, Consumer<Throwable> onFatal)
            throws IOException, InterruptedException {
        TransportRuntime own = new TransportRuntime("master");
        try {
            return start(config, own, true, onFatal);
        } catch (IOException | InterruptedException | RuntimeException e) {
            own.close();
            throw e;
        }
    }

    /**
     * As {@link #start(MasterConfig, Consumer)}, with the threads of {@code runtime}: every thread of this master
     * is named after it ({@code brine-...@NAME}) and ends when the master closes. The caller closes the runtime.
     * Two masters in one process each get their own, so that nothing of one is shared with the other.
     *
     * <pre>{@code
     * try (TransportRuntime runtime = new TransportRuntime("master-a");
     *         Master master = Master.start(config, runtime, failure -> System.exit(70))) {
     *     ...
     * }
     * }</pre>
     */
    public static Master start(MasterConfig config, TransportRuntime runtime, Consumer<Throwable> onFatal)
            throws IOException, InterruptedException {
        return start(config, runtime, false, onFatal);
    }

    private static Master start(MasterConfig config, TransportRuntime runtime, boolean ownsRuntime,
            Consumer<Throwable> onFatal) throws IOException, InterruptedException {
        ClusterDatabase cluster = config.cluster() == null ? null : ClusterDatabase.open(config.cluster());
        Master m;
        try {
            m = new Master(config, runtime, ownsRuntime, onFatal, cluster);
        } catch (IOException | InterruptedException | RuntimeException e) {
            if (cluster != null) {
                cluster.close();
            }
            throw e;
        }
        try {
            m.endpoint.start(m.dispatcher);
            if (cluster != null) {
                m.membership = ClusterMembership.join(cluster.dataSource(), m.clusterId,
                        config.connectAddress() + ":" + m.endpoint.port(), m.fingerprint());
                m.routes.start();
                m.routeNotices.add(ClusterNotices.listen(cluster.dataSource(), ClusterRoutes.JOBS,
                        m.routes::jobsNotice, runtime.threads("cluster-jobs")));
                m.routeNotices.add(ClusterNotices.listen(cluster.dataSource(), ClusterRoutes.REPLIES,
                        m.routes::repliesNotice, runtime.threads("cluster-replies")));
                m.clusterEvents.start();
                m.routeNotices.add(ClusterNotices.listen(cluster.dataSource(), ClusterEvents.CHANNEL,
                        m.clusterEvents::notice, runtime.threads("cluster-events")));
                m.routeNotices.add(ClusterNotices.listen(cluster.dataSource(), ClusterGrains.CHANNEL,
                        m.facts::forget, runtime.threads("cluster-grains")));
                m.routeNotices.add(ClusterNotices.listen(cluster.dataSource(), PostgresCacheDialect.QUEUED,
                        m.dispatcher::queuedNotice, runtime.threads("cluster-queued")));
                m.routes.jobsNotice(null); // what was routed here before this master listened
                m.routes.repliesNotice(null);
            }
        } catch (InterruptedException | RuntimeException e) {
            m.close(); // the cachedir lock and the job cache, for a master started again in this process
            throw e;
        }
        m.scheduleRetention();
        if (cluster != null) {
            m.timer.scheduleWithFixedDelay(m::sayAlive, 1, 1, TimeUnit.SECONDS);
            m.timer.scheduleWithFixedDelay(m.clusterEvents::prune, 1, 1, TimeUnit.MINUTES);
        }
        if (config.metrics() != null) {
            try {
                m.metricsServer = MetricsServer.start(config.metrics(), m.metrics.registry(), m.health);
                m.metrics.watchHttp("metrics", m.metricsServer::dropped);
            } catch (RuntimeException e) {
                m.close();
                throw e;
            }
            LOG.log(Level.INFO, "metrics and health served on " + config.metrics().iface() + ":"
                    + m.metricsServer.port());
        }
        if (config.https() != null) {
            try {
                m.httpsServer = HttpsTransportServer.start(config.https(), m.endpoint.httpLinks());
                m.metrics.watchHttp("https", m.httpsServer::dropped);
            } catch (RuntimeException e) {
                m.close();
                throw e;
            }
            LOG.log(Level.INFO, "minions reach this master over HTTPS on " + config.https().iface() + ":"
                    + m.httpsServer.port());
        }
        LOG.log(Level.INFO, "master listening on " + m.endpoint.port() + ", fingerprint " + m.fingerprint()
                + ", runtime " + runtime.name());
        return m;
    }

    /** Every second: tells the cluster this master is alive; a database that is away is logged once. */
    private void sayAlive() {
        ClusterMembership joined = membership;
        if (joined == null) {
            return;
        }
        try {
            joined.alive();
            if (clusterAway) {
                clusterAway = false;
                LOG.log(Level.WARNING, "the cluster's database is back");
            }
        } catch (java.io.UncheckedIOException e) {
            if (!clusterAway) {
                clusterAway = true;
                LOG.log(Level.WARNING, e.getMessage() + "; serving connected minions from memory meanwhile");
            }
        }
    }

    /** The port actually bound (useful when the configuration asked for port 0). */
    public int port() {
        return endpoint.port();
    }

    /** The master's key fingerprint, in the form a minion's {@code master_finger} takes. */
    public String fingerprint() {
        return Fingerprint.of(key.publicKey());
    }

    /**
     * The port minions reach this master on over HTTPS (useful when the configuration asked for port 0), or empty
     * when the configuration has no {@code https}.
     */
    public java.util.OptionalInt httpsPort() {
        HttpsTransportServer server = httpsServer;
        return server == null ? java.util.OptionalInt.empty() : java.util.OptionalInt.of(server.port());
    }

    /**
     * The port {@code /metrics} and {@code /health} are served on (useful when the configuration asked for port 0),
     * or empty when the configuration has no {@code metrics}.
     */
    public java.util.OptionalInt metricsPort() {
        MetricsServer server = metricsServer;
        return server == null ? java.util.OptionalInt.empty() : java.util.OptionalInt.of(server.port());
    }

    /**
     * Counts an answer of the HTTP API by status code ({@code brine_api_requests_total}); the API module calls it for
     * every request it answers.
     */
    public void apiAnswered(int status) {
        metrics.apiAnswered(status);
    }

    /**
     * Counts the connections an HTTP listener of this master closed before they had sent a complete request
     * ({@code brine_http_connections_dropped_total}, labelled {@code listener}); the API module calls it as it
     * starts.
     */
    public void watchHttpListener(String listener, ToLongFunction<ConnectionDrop> dropped) {
        metrics.watchHttp(listener, dropped);
    }

    /** The configuration this master was started with. */
    public MasterConfig config() {
        return config;
    }

    /**
     * Connections to its cluster's database (the master's own pool, bounded by the cluster's {@code pool_size}), or
     * empty for a master of its own: lent to what serves beside it (the HTTP API reads its tokens through it), never
     * handed over. A {@code DataSource} has no {@code close}: the pool closes with this master.
     */
    public Optional<javax.sql.DataSource> clusterDataSource() {
        return Optional.ofNullable(cluster).map(ClusterDatabase::dataSource);
    }

    /**
     * The embedding application's own client: a local caller named {@code library}, admin unless
     * {@code publisher_acl_local: false}; {@link MasterClient#as(String)} gives one acting as someone else.
     */
    public MasterClient client() {
        return client;
    }

    /** The keys, as the embedding application (a local caller): admin unless {@code publisher_acl_local: false}. */
    public MasterKeys keys() {
        return keys;
    }

    /** The event bus: subscribe to job, minion, key and custom events by tag. */
    public EventBus events() {
        return events;
    }

    /** What peers did to the listener so far: handshakes and sessions begun and expired, drops by reason. */
    public ConnectionStats connectionStats() {
        Counters counters = endpoint.counters();
        Map<String, Long> drops = new HashMap<>();
        for (Counters.Drop reason : Counters.Drop.values()) {
            drops.put(reason.name().toLowerCase(Locale.ROOT), counters.dropped(reason));
        }
        return new ConnectionStats(counters.handshakesStarted(), counters.sessionsOpened(),
                counters.handshakesExpired(), counters.sessionsExpired(), drops, counters.connectionsAccepted());
    }

    /**
     * Frames and messages dropped, by reason, as one line ({@code malformed=0 ... unauthorised=0 oversize_returns=0
     * minion_requests_over_window=0 pushes_refused_unsolicited=0 pushes_refused_over_quota=0
     * pushes_refused_unrequested=0 jobs_refused_delivery_queue_minion=0 jobs_refused_delivery_queue_total=0
     * jobs_refused_cache_backlog=0 jobs_refused_audit_log=0 audit_entries_dropped=0 audit_refusals=0}; the
     * transport's reasons, such as {@code over_bounds}, only once they count): what an operator checks when
     * something looks wrong. {@code audit_refusals} counts every action refused because its audit line could not be
     * made durable ({@code audit_required}), publishes ({@code jobs_refused_audit_log}) among them.
     */
    public String dropCounters() {
        return endpoint.counters() + " unauthorised=" + dispatcher.unauthorised() + " oversize_returns="
                + dispatcher.oversizeReturns.sum() + " minion_requests_over_window=" + dispatcher.windowRefusals()
                + " pushes_refused_unsolicited=" + pushes.permits.refusedUnsolicited.sum()
                + " pushes_refused_over_quota=" + pushes.permits.refusedOverQuota.sum()
                + " pushes_refused_unrequested=" + pushes.permits.refusedUnrequested.sum()
                + " " + refusals + " audit_entries_dropped=" + audit.dropped() + " audit_refusals=" + audit.refused()
                + " mine_updates_refused=" + mine.refusedUpdates.sum() + " mine_answers_too_large="
                + mine.refusedAnswers.sum() + " scheduled_jobs_over_rate=" + minionJobs.overRate.sum()
                + " scheduled_jobs_bad_name=" + minionJobs.badNames.sum();
    }

    /**
     * Stops the master: tells every minion and client it is going away (so they reconnect within a second or so
     * of a new start rather than after their heartbeat expiry), stops listening, lets work under way finish, and
     * writes what the job cache still holds. Returns still on their way are not lost: minions keep them until a
     * master has them stored.
     */
    @Override
    public void close() {
        deaf = true;
        MetricsServer served = metricsServer;
        if (served != null) {
            served.close();
        }
        // Calls end first, cut short: the sessions closing next are the master's going, not their minions', so no
        // minion may read 'disconnected' in the job cache (the next master waits for its return by the record).
        tracker.stopWaiting();
        endpoint.sayGoingAway("the master is stopping", java.time.Duration.ofSeconds(2));
        endpoint.close();
        HttpsTransportServer https = httpsServer;
        if (https != null) {
            https.close(); // after the router: the polls it held are answered (gone), not cut
        }
        ssh.close(); // host runs still going end; their returns were not taken, as a minion's in flight
        orchestrateRuns.shutdownNow(); // orchestrations still going stop; their jobs read as stopped
        timer.shutdownNow();
        workers.shutdownNow();
        try {
            // Work under way (a minion's grains being filed) must not write into the cachedir after close returns.
            if (!workers.awaitTermination(5, TimeUnit.SECONDS)) {
                LOG.log(Level.WARNING, "master workers still busy after 5 s; closing anyway");
            }
            timer.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        cache.close(config.shutdownTimeout());
        audit.close();
        cacheLock.close();
        if (keyNotices != null) {
            keyNotices.close();
        }
        routeNotices.forEach(ClusterNotices::close);
        ClusterMembership joined = membership;
        if (joined != null) {
            joined.close();
        }
        if (cluster != null) {
            cluster.close();
        }
        if (ownsRuntime) {
            runtime.close();
        }
    }

    /**
     * Retention by age ({@code keep_jobs}) and by count ({@code keep_jobs_count}), checked every ten minutes; and the
     * audit lines waiting for a disk that could not take them, tried every second.
     */
    private void scheduleRetention() {
        timer.scheduleWithFixedDelay(audit::retry, 1, 1, TimeUnit.SECONDS);
        timer.scheduleAtFixedRate(() -> {
            int pruned = config.keepJobs().isZero() ? 0
                    : cache.prune(System.currentTimeMillis() - config.keepJobs().toMillis());
            if (config.keepJobsCount() > 0) {
                pruned += cache.pruneToCount(config.keepJobsCount());
            }
            if (pruned > 0) {
                LOG.log(Level.INFO, "pruned " + pruned + " jobs from the job cache");
            }
        }, 0, 10, TimeUnit.MINUTES);
    }
}
