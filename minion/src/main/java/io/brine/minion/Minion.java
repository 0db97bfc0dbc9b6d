package io.brine.minion;

import io.brine.config.PrivateFiles;
import io.brine.functions.FunctionRegistry;
import io.brine.functions.ProcessRunner;
import io.brine.protocol.BrineVersion;
import io.brine.protocol.GrainsReport;
import io.brine.protocol.Hello;
import io.brine.protocol.JobKill;
import io.brine.protocol.JobRequest;
import io.brine.protocol.JobReturn;
import io.brine.protocol.KeyStatus;
import io.brine.protocol.MasterReply;
import io.brine.protocol.Message;
import io.brine.protocol.ReturnAck;
import io.brine.protocol.SessionLimits;
import io.brine.protocol.Role;
import io.brine.protocol.ValueBounds;
import io.brine.protocol.crypto.Fingerprint;
import io.brine.protocol.crypto.KeyFiles;
import io.brine.protocol.crypto.StaticKeyPair;
import io.brine.transport.DealerEndpoint;
import io.brine.transport.DealerListener;
import io.brine.transport.TransportSettings;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A Brine minion: holds its own key, connects to its master, and runs the jobs sent to it using only the
 * functions registered in it. The CLI's {@code brine minion} wraps this class; tests and benchmarks start
 * many in one JVM the same way.
 *
 * <p>Example: {@code try (Minion m = Minion.start(MinionConfig.load(Path.of("/etc/brine/minion.yaml")))) {...}}
 */
public final class Minion implements AutoCloseable {
    private static final Logger LOG = System.getLogger(Minion.class.getName());

    private final MinionConfig config;
    private final MinionRuntime runtime;
    /** Whether this minion made its runtime, and so closes it. */
    private final boolean ownsRuntime;
    private final StaticKeyPair key;
    /** One session with its master (or failover's one at a time), or one per master (hot-hot). */
    private final MasterSessions sessions;
    private final JobRunner jobs;
    /** Runs every command of every job; its guard kills what they started if this minion dies. */
    private final ProcessRunner processes = new ProcessRunner(LOG);
    private final RemoteMaster master;
    private final EventSocket eventSocket;
    private final LocalCallRunner localCalls;
    private final CallSocket callSocket;
    /** Runs the jobs of the minion's schedule (config, pillar, runtime changes, the mine's update). */
    private final MinionScheduler scheduler;
    private final java.util.concurrent.atomic.AtomicReference<Map<String, Object>> grains =
            new java.util.concurrent.atomic.AtomicReference<>();

    /**
     * The cachedir holds fetched files and, later, spooled returns: private. Only when the event socket lives in it
     * and a group may post events does that group get to traverse it (0710), to reach the socket by name.
     */
    private static java.util.Set<java.nio.file.attribute.PosixFilePermission> socketGroupTraverses(MinionConfig c) {
        boolean socketInside = c.eventSocket().toAbsolutePath().normalize()
                .startsWith(c.cacheDir().toAbsolutePath().normalize());
        return c.eventGroup() != null && socketInside
                ? java.util.Set.of(java.nio.file.attribute.PosixFilePermission.GROUP_EXECUTE) : java.util.Set.of();
    }

    /** Returns the master has not acknowledged yet, on disk: sent again after every reconnect. */
    private final ReturnSpool spool;
    /** Every return on its way out: cut to what the master takes, spooled, sent, given up on if it keeps failing. */
    private final ReturnSender returns;
    /** Sends unacknowledged returns again now and then, for a master that took one but could not store it. */
    private final java.util.concurrent.ScheduledFuture<?> resender;
    /** Writes returns waiting for their acknowledgement to disk. */
    private final java.util.concurrent.ScheduledFuture<?> persister;
    /** How long an unacknowledged return waits before it is sent again without a reconnect. */
    static final long RESEND_MILLIS = 30_000;
    /** How long a minion stopping cleanly waits for the master to store its running jobs' "stopped" returns. */
    static final long STOPPED_RETURNS_WAIT_MILLIS = 2_000;

    /** What the transport's drops were when last logged; a line is written only when they changed. */
    private String dropsLogged;

    /** What this minion runs and what each function takes, reported with its grains (see GrainsReport). */
    /** The functions this minion runs, as it reports them: encoded once a load, sent on every connection. */
    private volatile io.brine.protocol.EncodedMap declarations;
    /** Why the declarations are beyond their bounds, so never reported; empty when they are within. */
    private volatile java.util.Optional<String> declarationsRefused;
    /** Where installed agent versions are kept, and what an update in progress left there (docs/updates.md). */
    private final Path versions;
    private final io.brine.minion.update.SelfUpdate selfUpdate;
    /** The version on trial this start is, committed once the master has stored the update job's return. */
    private final java.util.Optional<io.brine.minion.update.UpdateMarker> trial;
    private final java.util.concurrent.atomic.AtomicBoolean trialCommitted = new java.util.concurrent.atomic.AtomicBoolean();
    private final java.util.concurrent.CompletableFuture<Void> restart = new java.util.concurrent.CompletableFuture<>();
    /** The built-in functions and the extension modules, loaded again by sys.reload_modules. */
    private final LiveFunctions functions;

    private Minion(MinionConfig config, FunctionRegistry builtins, MinionRuntime runtime, boolean ownsRuntime)
            throws IOException {
        this.config = config;
        this.runtime = runtime;
        this.ownsRuntime = ownsRuntime;
        MasterKeyPin.requireAChoice(config);
        this.key = loadKey(config.pkiDir());
        PrivateFiles.directory(config.cacheDir(), socketGroupTraverses(config));
        this.grains.set(Grains.collect(config.id(), config.grains()));
        this.functions = new LiveFunctions(builtins, config.extensions(), LOG);
        declare();
        TransportSettings settings = TransportSettings.DEFAULTS.withHeartbeat(config.heartbeat());
        // The sessions first: they hold what is sent before they are up, and start with their listeners.
        Hello hello = new Hello(Role.MINION, config.id(), BrineVersion.CURRENT);
        MasterKeyPin pin = new MasterKeyPin(config.masterFinger(), config.pkiDir());
        io.brine.transport.HttpsOptions https = config.https() == null ? io.brine.transport.HttpsOptions.SYSTEM
                : runtime.https(config.https());
        this.sessions = MasterSessions.open(config.masterAddresses(), config.hotHot(),
                addresses -> new DealerEndpoint(runtime.transport(), addresses, key, hello, pin, settings, https));
        this.dropsLogged = sessions.counters().toString();
        this.master = new RemoteMaster(sessions::send, sessions::recycle, config.cacheDir());
        Path launched = config.updates().launcherVersions();
        this.versions = launched != null ? launched : config.cacheDir().resolve("versions");
        this.selfUpdate = new io.brine.minion.update.SelfUpdate(versions, config.updates(), launched != null);
        // before the spool opens: an update's outcome replaces its job's "running" marker there
        this.trial = UpdateOutcomes.onStart(versions, config.cacheDir().resolve("returns"));
        this.spool = ReturnSpool.open(config.cacheDir().resolve("returns"), config.returnSpoolMax());
        TakenJobs taken = new TakenJobs(QueuedJobLedger.open(config.cacheDir().resolve("queued"),
                System::currentTimeMillis), spool);
        this.returns = new ReturnSender(config.maxReturnSize(), spool, sessions::send);
        this.scheduler = MinionScheduler.open(config, new ScheduledRuns(config, functions, grains::get, master,
                new Control(), processes, runtime, new io.brine.protocol.JidGenerator(), returns::returned,
                ScheduledRuns.TIMEOUT), master::pillarLater, runtime);
        this.jobs = new JobRunner(config.id(), functions, grains::get, config.cacheDir(), config.maxJobs(),
                sessions::send, master, new Control(), config.functionPolicy(), returns, taken, processes, runtime);
        this.eventSocket = new EventSocket(config.eventSocket(), config.eventGroup(), sessions::send, runtime);
        this.localCalls = new LocalCallRunner(config, functions, grains::get, master, new Control(),
                CallSocket.MAX_CALLS, processes, runtime);
        this.callSocket = new CallSocket(config.cacheDir(), localCalls, runtime);
        this.resender = runtime.timer().scheduleWithFixedDelay(this::resendStale, RESEND_MILLIS, RESEND_MILLIS,
                java.util.concurrent.TimeUnit.MILLISECONDS);
        this.persister = runtime.timer().scheduleWithFixedDelay(spool::persist,
                ReturnSpool.PERSIST_AFTER_MILLIS / 2, ReturnSpool.PERSIST_AFTER_MILLIS / 2,
                java.util.concurrent.TimeUnit.MILLISECONDS);
    }

    /** Starts a minion with every function installed on the class path, on a runtime of its own. */
    public static Minion start(MinionConfig config) throws IOException {
        return start(config, FunctionRegistry.installed());
    }

    /** Starts a minion on a runtime of its own, closed with it. */
    public static Minion start(MinionConfig config, FunctionRegistry functions) throws IOException {
        MinionRuntime own = MinionRuntime.forMinion(config.id());
        try {
            return start(config, functions, own, true);
        } catch (IOException | RuntimeException e) {
            own.close();
            throw e;
        }
    }

    /**
     * Starts a minion on {@code runtime}, which the caller closes after this minion (and whoever else shares it):
     * many minions in one process share one runtime's threads.
     */
    public static Minion start(MinionConfig config, FunctionRegistry functions, MinionRuntime runtime)
            throws IOException {
        return start(config, functions, runtime, false);
    }

    private static Minion start(MinionConfig config, FunctionRegistry functions, MinionRuntime runtime,
            boolean ownsRuntime) throws IOException {
        functions.describeModules().forEach(line -> LOG.log(Level.INFO, line));
        Minion m = new Minion(config, functions, runtime, ownsRuntime);
        m.sessions.start(session -> m.new Listener(session));
        m.scheduler.start();
        try {
            m.eventSocket.start();
        } catch (IOException | UnsupportedOperationException e) {
            LOG.log(Level.WARNING, "no event socket at " + config.eventSocket() + ": " + e.getMessage());
        }
        try {
            m.callSocket.start();
        } catch (IOException | UnsupportedOperationException e) {
            LOG.log(Level.WARNING, "no local call socket in " + config.cacheDir() + " ('brine call' without --local "
                    + "cannot reach this minion): " + e.getMessage());
        }
        LOG.log(Level.INFO, "minion " + config.id() + " started, key " + m.fingerprint() + ", master "
                + String.join(config.hotHot() ? " and " : " or ", config.masterAddresses()) + ", runtime "
                + runtime.name());
        return m;
    }

    /** The configuration this minion runs with (to start it again the same way, say). */
    public MinionConfig config() {
        return config;
    }

    public String id() {
        return config.id();
    }

    /** This minion's own key fingerprint, for an operator to compare before accepting it. */
    public String fingerprint() {
        return Fingerprint.of(key.publicKey());
    }

    /**
     * What the master last said of this minion's key, or null if it has not answered yet; with several masters at
     * once, ACCEPTED when one of them accepted it.
     */
    public KeyStatus status() {
        return sessions.status();
    }

    /**
     * How many masters have accepted this minion's session now: 0 or 1 with one master (or failover's one at a
     * time); up to the number of masters when connected to all of them at once.
     */
    public int mastersConnected() {
        return sessions.accepted();
    }

    /**
     * Waits until the master has answered at least once (each master, when connected to several); returns its
     * answer (see {@link #status}), or null on timeout.
     */
    public KeyStatus awaitStatus(Duration timeout) throws InterruptedException {
        return sessions.awaitStatus(timeout);
    }

    @Override
    public void close() {
        resender.cancel(false);
        eventSocket.close();
        callSocket.close();
        localCalls.close();
        scheduler.close(); // its running jobs return "stopped", kept in the spool and sent at the next start
        // Jobs first: each running one returns "stopped" (kept in the spool) while the session can still carry it,
        // and the session stays until the master has stored those returns, so that a call waiting on one of them
        // ends with it rather than with the disconnection (or, should the master not answer in time, the spool
        // sends them at the next start).
        List<String> stopped = jobs.runningJids();
        jobs.close();
        awaitStoredReturns(stopped);
        processes.close(); // its guard kills any command a stopped job left behind
        sessions.close();
        logTransportDrops();
        persister.cancel(false);
        spool.persist(0); // whatever is still unacknowledged is on disk for the next start
        if (ownsRuntime) {
            runtime.close();
        }
    }

    private void awaitStoredReturns(List<String> jids) {
        if (jids.isEmpty() || sessions.status() != KeyStatus.ACCEPTED) {
            return;
        }
        try {
            if (!spool.awaitAcknowledged(jids, STOPPED_RETURNS_WAIT_MILLIS)) {
                LOG.log(Level.INFO, "the master did not acknowledge the stopped jobs' returns within "
                        + STOPPED_RETURNS_WAIT_MILLIS + " ms; they are sent again at the next start");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void resendStale() {
        if (sessions.status() == KeyStatus.ACCEPTED) {
            returns.resendStale(RESEND_MILLIS);
        }
        logTransportDrops();
    }

    /**
     * The minion has no metrics endpoint: its transport's drop counters, by reason, are logged here (every
     * {@value #RESEND_MILLIS} ms at most, only when they changed, and at close), and read by embedders and tests
     * through {@link #transportDrops}.
     */
    private synchronized void logTransportDrops() {
        String now = sessions.counters().toString();
        if (!now.equals(dropsLogged)) {
            dropsLogged = now;
            LOG.log(Level.INFO, "transport drops so far: " + now);
        }
    }

    /**
     * Frames the minion's transport dropped, by reason (queue full, multi-part, malformed, ...), since start; with
     * several masters at once, summed over the sessions when called.
     */
    public io.brine.transport.DealerCounters transportDrops() {
        return sessions.counters();
    }

    /** Returns this minion gave up sending since it started (each kept in {@code cachedir/returns-aside}). */
    public long returnsSetAside() {
        return spool.setAsideCount();
    }

    /** The minion's key: {@code pki_dir/minion.pem} (0600) and {@code minion.pub}, created on first start. */
    static StaticKeyPair loadKey(Path pkiDir) throws IOException {
        Path privateFile = pkiDir.resolve("minion.pem");
        StaticKeyPair pair;
        if (Files.exists(privateFile)) {
            pair = KeyFiles.readPrivateKey(privateFile);
        } else {
            pair = StaticKeyPair.generate();
            KeyFiles.writePrivateKey(privateFile, pair);
        }
        Path publicFile = pkiDir.resolve("minion.pub");
        if (!Files.exists(publicFile)) {
            KeyFiles.writePublicKey(publicFile, pair.publicKey());
        }
        return pair;
    }

    /**
     * Tells the masters (each of them: every master targets by grains) the grains and functions, unless they pass
     * their bounds: then each keeps its last report.
     */
    private java.util.Optional<String> report(Map<String, Object> collected) {
        return report(collected, sessions::sendToAll);
    }

    private java.util.Optional<String> report(Map<String, Object> collected,
            java.util.function.Consumer<Message> to) {
        java.util.Optional<String> why = ValueBounds.GRAINS.refusal(collected)
                .or(() -> declarationsRefused);
        if (why.isPresent()) {
            LOG.log(Level.ERROR, "grains not reported to the master: " + why.get());
        } else {
            to.accept(new GrainsReport(collected, declarations));
        }
        return why;
    }

    /** Encodes what this minion runs, as {@link #report} sends it, from the functions loaded now. */
    private void declare() {
        Map<String, Object> declared = io.brine.functions.Declarations.of(config.functionPolicy().visible(functions));
        this.declarationsRefused = ValueBounds.FUNCTIONS.refusal(declared);
        this.declarations = io.brine.protocol.EncodedMap.of(declared, ValueBounds.FUNCTIONS);
    }

    /**
     * Completes when an update has installed a new version for this minion's launcher to restart into: the
     * process then closes the minion and exits with {@link #RESTART_EXIT} (see brine minion, the agent).
     */
    public java.util.concurrent.CompletableFuture<Void> restartRequested() {
        return restart;
    }

    /** The exit code that asks the brine-minion launcher to start the minion again (into a new version). */
    public static final int RESTART_EXIT = 75;

    private final class Control implements io.brine.functions.MinionControl {
        @Override
        public void installUpdate(Map<?, ?> bundle, String signature, boolean allowDowngrade,
                io.brine.functions.MasterLink link, String jid) throws io.brine.functions.FunctionException {
            selfUpdate.install(bundle, signature, allowDowngrade, link, jid);
        }

        @Override
        public void restartNow() {
            restart.complete(null);
        }

        @Override
        public Map<String, Object> reloadModules() {
            io.brine.minion.extension.Extensions.Loaded loaded = functions.reload();
            declare();
            report(grains.get()).ifPresent(why -> {
                throw new IllegalStateException("modules reloaded here but not reported to the master, which keeps "
                        + "the functions it last took: " + why);
            });
            return Map.of("registered", loaded.registered(), "refused", loaded.refused());
        }

        @Override
        public Map<String, Object> refreshGrains() {
            Map<String, Object> fresh = Grains.collect(config.id(), config.grains());
            grains.set(fresh);
            report(fresh).ifPresent(why -> {
                throw new IllegalStateException("grains refreshed here but not reported to the master, which keeps "
                        + "the last it took: " + why);
            });
            return fresh;
        }

        @Override
        public java.util.List<Map<String, Object>> runningJobs() {
            return jobs.runningJobs();
        }

        @Override
        public Map<String, Object> mineFunctions() {
            return config.recurring().mineFunctions();
        }

        @Override
        public io.brine.functions.ScheduleControl schedule() {
            return scheduler.control();
        }

        @Override
        public void pillarRefreshed(Map<String, Object> pillar) {
            scheduler.pillarChanged(pillar);
        }

        @Override
        public java.util.List<String> httpAllow() {
            return config.httpAllow();
        }

        @Override
        public boolean allowUndefined() {
            return config.allowUndefined();
        }

        @Override
        public java.util.List<Path> fileRootsAllowed() {
            return config.fileRootsAllowed();
        }

        @Override
        public io.brine.functions.FileProbes templateFileProbes() {
            return MinionFileProbes.of(config);
        }
    }

    /** Hears one session's master. */
    private final class Listener implements DealerListener {
        private final int session;

        Listener(int session) {
            this.session = session;
        }

        @Override
        public void onStatus(KeyStatus status, String detail) {
            if (status != KeyStatus.ACCEPTED) {
                sessions.down(session);
            }
            if (status == KeyStatus.PENDING) {
                LOG.log(Level.INFO, "waiting for the master to accept key " + fingerprint() + " of " + id());
            } else if (status == KeyStatus.ACCEPTED) {
                sessions.up(session);
                LOG.log(Level.INFO, "authenticated with the master as " + id());
                // every master targets by grains: each session's master is told them
                report(grains.get(), m -> sessions.sendOn(session, m));
                // A new session: whatever the last one may have lost goes again; the master stores each once.
                int again = returns.resendAll();
                if (again > 0) {
                    LOG.log(Level.INFO, "sent " + again + " unacknowledged returns again");
                }
                // after the returns, which matter more: its schedule and mine functions, which may have changed
                scheduler.fetchPillarSoon();
            }
        }

        @Override
        public void onDisconnected(String reason) {
            if (sessions.down(session)) {
                // hot-hot: returns this master may never have stored go to a master that is up (each stored once)
                int again = returns.resendAll();
                if (again > 0) {
                    LOG.log(Level.INFO, "sent " + again + " unacknowledged returns again, to another master");
                }
            }
        }

        @Override
        public void onMessage(Message message) {
            if (message instanceof JobRequest job) {
                sessions.tookJob(session, job);
                jobs.submit(job);
            } else if (message instanceof MasterReply reply) {
                master.onReply(reply);
            } else if (message instanceof ReturnAck ack) {
                returns.acknowledged(ack.jids());
                trial.filter(t -> ack.jids().contains(t.jid())).filter(t -> trialCommitted.compareAndSet(false, true))
                        .ifPresent(t -> UpdateOutcomes.commit(versions, t));
            } else if (message instanceof SessionLimits limits) {
                returns.onLimits(sessions.limits(session, limits));
            } else if (message instanceof JobKill kill) {
                jobs.kill(kill.jid());
            } else {
                LOG.log(Level.WARNING, "ignored a " + message.getClass().getSimpleName() + " from the master");
            }
        }
    }
}
