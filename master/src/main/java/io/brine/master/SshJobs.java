package io.brine.master;

import io.brine.config.ConfigException;
import io.brine.fileserver.PillarCompiler;
import io.brine.jobs.MinionResult;
import io.brine.jobs.SshOptions;
import io.brine.protocol.JobKill;
import io.brine.protocol.JobRequest;
import io.brine.protocol.Message;
import io.brine.ssh.AgentJar;
import io.brine.ssh.AgentPayload;
import io.brine.ssh.HostRun;
import io.brine.ssh.Roster;
import io.brine.ssh.RosterHost;
import io.brine.ssh.RunStopper;
import io.brine.ssh.SshRunner;
import io.brine.ssh.SshUnreachable;
import io.brine.ssh.Upload;
import io.brine.targeting.MinionFacts;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Jobs for the machines of the master's roster, which have no minion ({@code brine ssh}): a {@link JobRoute} per
 * job, over the roster as it is when the job is published, whose reach runs the job on each host over SSH,
 * {@code ssh_max_procs} hosts at a time, and hands each host's result to the job tracker as a minion's return. So
 * the job is published, targeted, refused by the ACL, audited and kept exactly as a minion job is. A host that does
 * not accept a connection when the job is published reads {@code not connected}; one that refuses the login (an
 * unknown or changed host key, a key not authorized) returns a failed result saying why.
 */
final class SshJobs implements AutoCloseable {
    private static final Logger LOG = System.getLogger(SshJobs.class.getName());
    /** Host runs waiting for a worker, over all jobs; past it, a host's run fails at once, saying so. */
    static final int MAX_WAITING = 10_000;
    /** The longest a published job waits to learn which hosts accept a connection. */
    static final Duration MAX_PROBE = Duration.ofSeconds(5);

    private final SshConfig config;
    private final List<Path> fileRoots;
    private final PillarCompiler pillars;
    private final Map<String, String> nodegroups;
    private final JobTracker tracker;
    private final TransferStaging staging;
    private final ThreadPoolExecutor pool;
    /** Looks up roster hosts' names for the probe, a few at once. */
    private final ThreadPoolExecutor lookups;
    /** The runs of each live job over SSH, to stop them on a kill. */
    private final Map<String, JobRuns> jobs = new ConcurrentHashMap<>();
    private final MasterSecrets secrets;
    private final java.util.function.Supplier<Collection<String>> minionIds;
    private final long maxReturnBytes;
    /** Host runs refused for want of room in the queue, each also a failed return saying so. */
    private final java.util.concurrent.atomic.AtomicLong notStarted = new java.util.concurrent.atomic.AtomicLong();
    private final MinionJarFile minionJar;
    private SshRunner runner;

    SshJobs(SshConfig config, List<Path> fileRoots, PillarCompiler pillars, Map<String, String> nodegroups,
            JobTracker tracker, TransferStaging staging, MasterSecrets secrets,
            java.util.function.Supplier<Collection<String>> minionIds, long maxReturnBytes, ThreadFactory threads) {
        this.staging = staging;
        this.minionJar = new MinionJarFile(config.minionJar());
        this.secrets = secrets;
        this.minionIds = minionIds;
        this.maxReturnBytes = maxReturnBytes;
        this.config = config;
        this.fileRoots = List.copyOf(fileRoots);
        this.pillars = pillars;
        this.nodegroups = Map.copyOf(nodegroups);
        this.tracker = tracker;
        this.pool = new ThreadPoolExecutor(config.maxProcs(), config.maxProcs(), 30, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(MAX_WAITING), threads);
        pool.allowCoreThreadTimeOut(true); // a master that never runs brine ssh keeps no thread for it
        this.lookups = new ThreadPoolExecutor(8, 8, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(MAX_WAITING),
                threads, new ThreadPoolExecutor.DiscardPolicy()); // a lookup not taken is a host not found in time
        lookups.allowCoreThreadTimeOut(true);
    }

    /**
     * The route of one job over SSH: the roster read now (an edit needs no restart), its hosts' ids targetable,
     * their roster grains and the pillar compiled from those the facts targets match.
     *
     * @throws IllegalArgumentException when there is no roster, or it is malformed, saying where
     */
    JobRoute route(SshOptions options) {
        if (!Files.exists(config.rosterFile())) {
            throw new IllegalArgumentException("brine ssh has no roster: roster_file " + config.rosterFile()
                    + " does not exist (name the machines it reaches there: docs/ssh.md)");
        }
        Roster roster;
        try {
            roster = Roster.load(config.rosterFile(), config.priv());
        } catch (ConfigException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        Map<String, RosterHost> hosts = new LinkedHashMap<>();
        roster.hosts().forEach(h -> hosts.put(h.id(), h));
        // one id is one machine in the job cache, its returns and its outcomes: a roster host may not take a minion's
        Set<String> minions = new java.util.HashSet<>(minionIds.get());
        List<String> both = hosts.keySet().stream().filter(minions::contains).sorted().toList();
        if (!both.isEmpty()) {
            throw new IllegalArgumentException("roster_file " + config.rosterFile() + " names " + String.join(", ", both)
                    + ", the id" + (both.size() == 1 ? " of an accepted minion" : "s of accepted minions") + ": one id is "
                    + "one machine in the job cache; rename the host in the roster, or delete the minion's key");
        }
        Map<String, Map<String, Object>> pillarOf = new ConcurrentHashMap<>();
        TargetResolver resolver = new TargetResolver(() -> new java.util.ArrayList<>(hosts.keySet()),
                (id, needGrains, needPillar) -> facts(hosts.get(id), needGrains, needPillar, pillarOf), nodegroups);
        return new JobRoute(resolver, new Reach(hosts, options, pillarOf), new DeclaredFunctions());
    }

    private MinionFacts facts(RosterHost host, boolean needGrains, boolean needPillar,
            Map<String, Map<String, Object>> pillarOf) {
        Map<String, Object> grains = grains(host);
        Map<String, Object> pillar = null;
        if (needPillar) {
            pillar = pillar(host, pillarOf).orElse(null); // not compiled: the target is undetermined for this host
        }
        return new MinionFacts(host.id(), needGrains ? grains : null, pillar);
    }

    /** What the master knows of a host's grains before anything ran there: the roster's, and its id. */
    private static Map<String, Object> grains(RosterHost host) {
        Map<String, Object> grains = new LinkedHashMap<>(host.grains());
        grains.put("id", host.id());
        return grains;
    }

    private java.util.Optional<Map<String, Object>> pillar(RosterHost host,
            Map<String, Map<String, Object>> pillarOf) {
        Map<String, Object> known = pillarOf.get(host.id());
        if (known != null) {
            return java.util.Optional.of(known);
        }
        try {
            Map<String, Object> compiled = pillars.compile(host.id(), grains(host));
            pillarOf.put(host.id(), compiled);
            return java.util.Optional.of(compiled);
        } catch (PillarCompiler.PillarException e) {
            LOG.log(Level.WARNING, "pillar of roster host " + host.id() + " cannot be compiled: " + e.getMessage());
            return java.util.Optional.empty();
        }
    }

    /** How one job reaches the roster's hosts. */
    private final class Reach implements MinionReach {
        private final Map<String, RosterHost> hosts;
        private final SshOptions options;
        private final Map<String, Map<String, Object>> pillarOf;

        Reach(Map<String, RosterHost> hosts, SshOptions options, Map<String, Map<String, Object>> pillarOf) {
            this.hosts = hosts;
            this.options = options;
            this.pillarOf = pillarOf;
        }

        /**
         * The hosts that accept a TCP connection on their SSH port now, all tried at once, for no longer than the
         * longest of their {@code timeout}s and {@link #MAX_PROBE}.
         */
        @Override
        public Set<String> reachable(Collection<String> ids) {
            Map<String, TcpProbe.Target> targets = new LinkedHashMap<>();
            Duration wait = Duration.ZERO;
            for (String id : ids) {
                RosterHost h = hosts.get(id);
                if (h != null) {
                    targets.put(id, new TcpProbe.Target(h.host(), h.port()));
                    wait = wait.compareTo(h.timeout()) < 0 ? h.timeout() : wait;
                }
            }
            return TcpProbe.accepting(targets, wait.compareTo(MAX_PROBE) > 0 ? MAX_PROBE : wait, lookups);
        }

        @Override
        public void send(Message message, List<String> ids) {
            if (message instanceof JobRequest job) {
                ids.forEach(id -> start(hosts.get(id), job, options, pillarOf));
            } else if (message instanceof JobKill kill) {
                stop(kill);
            }
        }
    }

    /**
     * The runs of one job over SSH: whether it was killed, and the stoppers of the runs under way. Forgotten when
     * the job is done (its returns in, or its time up): a host still waiting for a worker then never starts.
     */
    private static final class JobRuns {
        private final Set<RunStopper> running = ConcurrentHashMap.newKeySet();
        private volatile boolean killed;

        void kill() {
            killed = true;
            running.forEach(RunStopper::stop);
        }
    }

    private void start(RosterHost host, JobRequest job, SshOptions options,
            Map<String, Map<String, Object>> pillarOf) {
        if (host == null) {
            return;
        }
        java.util.Optional<LiveJob> live = tracker.live(job.jid());
        if (live.isEmpty() || live.get().done.isDone()) {
            return; // a batch's later host after the job ended: nothing waits for it
        }
        JobRuns runs = jobs.computeIfAbsent(job.jid(), jid -> {
            JobRuns created = new JobRuns();
            live.get().done.whenComplete((record, error) -> jobs.remove(jid, created));
            return created;
        });
        // taken, as a minion acknowledges a job, before it waits for a worker: a minion of the same id connecting
        // meanwhile is not sent it
        tracker.acknowledged(host.id(), job.jid());
        try {
            pool.execute(() -> tracker.returned(host.id(), job.jid(), runCounted(host, job, options, pillarOf, runs)));
        } catch (RejectedExecutionException e) {
            long dropped = notStarted.incrementAndGet();
            LOG.log(Level.WARNING, "brine ssh: " + MAX_WAITING + " host runs wait already; " + host.id() + " of job "
                    + job.jid() + " not started (" + dropped + " not started so far)");
            tracker.returned(host.id(), job.jid(), failed("the master has " + MAX_WAITING + " host runs of brine ssh "
                    + "waiting already; this one was not started", Instant.now()));
        }
    }

    /** One host's run, whatever goes wrong in it ending as a return: none is ever lost to an exception. */
    private MinionResult runCounted(RosterHost host, JobRequest job, SshOptions options,
            Map<String, Map<String, Object>> pillarOf, JobRuns runs) {
        Instant start = Instant.now();
        if (runs.killed) {
            return killed(host, start);
        }
        if (tracker.live(job.jid()).map(j -> j.done.isDone()).orElse(true)) {
            return failed("not started on " + host.id() + ": the job's time was up before one of the master's "
                    + config.maxProcs() + " SSH workers (ssh_max_procs) was free", start);
        }
        RunStopper stopper = new RunStopper();
        runs.running.add(stopper);
        try {
            if (runs.killed) {
                return killed(host, start);
            }
            MinionResult r = run(host, job, new HostRun(Duration.ofMillis(job.timeoutMillis()),
                    options.acceptNewHostKeys(), stopper), pillarOf);
            return runs.killed ? killed(host, start) : r;
        } catch (RuntimeException | LinkageError e) { // a class missing from a broken install: a return all the same
            LOG.log(Level.WARNING, "brine ssh on " + host.id() + " for job " + job.jid() + " failed", e);
            return failed("the master failed running it on " + host.id() + ": " + e, start);
        } finally {
            runs.running.remove(stopper);
        }
    }

    private static MinionResult killed(RosterHost host, Instant start) {
        return failed("the job was killed; on " + host.id() + " its session was closed", start);
    }

    private MinionResult run(RosterHost host, JobRequest job, HostRun run, Map<String, Map<String, Object>> pillarOf) {
        Instant start = Instant.now();
        if (job.function().equals(CopyJobs.COPY_FUNCTION)) {
            return copy(host, job, run, start);
        }
        AgentPayload payload = null;
        if (SshRunner.needsJar(job.function(), job.args(), job.kwargs())) {
            java.util.Optional<AgentJar> agent = minionJar.current();
            if (agent.isEmpty()) {
                return failed(job.function() + " runs on a roster host with Brine's minion jar, and the master has none: "
                        + "ssh_minion_jar " + config.minionJar() + " does not exist (install the brine-minion package "
                        + "on the master's host, or set ssh_minion_jar)", start);
            }
            java.util.Optional<Map<String, Object>> pillar = pillar(host, pillarOf);
            if (pillar.isEmpty()) {
                return failed("the pillar of " + host.id() + " cannot be compiled (the master's log says why)", start);
            }
            payload = new AgentPayload(agent.get(), fileRoots, pillar.get(), real -> secrets.holding(real).isPresent());
        }
        try {
            return runner().run(host, job.function(), job.args(), job.kwargs(), payload, run);
        } catch (SshUnreachable e) {
            // it accepted a connection when the job was published, so this is no outage: ssh's own exit code
            return new MinionResult(e.getMessage(), 255, false, start, Instant.now());
        }
    }

    /**
     * {@code brine cp --ssh}: the files staged for the job, read from what was opened when they were staged, written
     * on the host with a shell alone.
     */
    private MinionResult copy(RosterHost host, JobRequest job, HostRun run, Instant start) {
        try {
            List<Upload> uploads = StagedUploads.of(staging, host.id(), (List<?>) job.kwargs().get("files"));
            return runner().copy(host, uploads, String.valueOf(job.kwargs().get("dest")), run);
        } catch (StagedUploads.Unavailable e) {
            return failed(e.getMessage(), start);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return failed("the job was killed while it ran on " + host.id(), start);
        } catch (SshUnreachable e) {
            return new MinionResult(e.getMessage(), 255, false, start, Instant.now());
        }
    }

    /** Stops the host runs of a job still going, if it has any: they return 'killed', and hosts not begun never do. */
    void stop(JobKill kill) {
        JobRuns runs = jobs.get(kill.jid());
        if (runs != null) {
            runs.kill();
        }
    }

    private synchronized SshRunner runner() {
        if (runner == null) {
            try {
                io.brine.config.PrivateFiles.directory(config.knownHosts().getParent());
            } catch (IOException e) {
                LOG.log(Level.WARNING, "cannot make the folder of ssh_known_hosts " + config.knownHosts() + ": "
                        + e.getMessage());
            }
            runner = SshRunner.start(config.knownHosts(), false, maxReturnBytes);
        }
        return runner;
    }

    private static MinionResult failed(String why, Instant start) {
        return new MinionResult(why, 1, false, start, Instant.now());
    }

    @Override
    public synchronized void close() {
        pool.shutdownNow();
        lookups.shutdownNow();
        if (runner != null) {
            runner.close();
        }
    }
}
