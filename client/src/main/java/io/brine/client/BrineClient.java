package io.brine.client;

import io.brine.client.internal.MasterSession;
import io.brine.config.ConfigFile;
import io.brine.config.MasterEndpoint;
import io.brine.jobs.CallListener;
import io.brine.jobs.Event;
import io.brine.jobs.Job;
import io.brine.jobs.JobFilter;
import io.brine.jobs.JobOverview;
import io.brine.jobs.JobReturn;
import io.brine.jobs.JobSpec;
import io.brine.jobs.MinionResult;
import io.brine.jobs.MinionStatus;
import io.brine.jobs.Publication;
import io.brine.jobs.RunningJob;
import io.brine.jobs.Subscription;
import io.brine.jobs.internal.JobResults;
import io.brine.jobs.internal.PublishRequests;
import io.brine.jobs.internal.ReturnLog;
import io.brine.protocol.ClientResponse;
import io.brine.protocol.Done;
import io.brine.protocol.Failure;
import io.brine.protocol.JobListRequest;
import io.brine.protocol.JobListing;
import io.brine.protocol.JobLookup;
import io.brine.protocol.JobReport;
import io.brine.protocol.KeyRequest;
import io.brine.protocol.KeyResult;
import io.brine.protocol.KeysChanged;
import io.brine.protocol.KillRequest;
import io.brine.protocol.MinionStatusReport;
import io.brine.protocol.MinionStatusRequest;
import io.brine.protocol.NotFound;
import io.brine.protocol.Published;
import io.brine.protocol.Refused;
import io.brine.transport.TransportRuntime;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * A running master, from another process: the embedded master client's job methods over the
 * encrypted client protocol the CLI speaks, authenticated both ways (the client's key, and the master's public key
 * it expects). An orchestrator runs beside the master rather than inside it; what it may do is what the master's
 * {@code publisher_acl} grants the key's name.
 *
 * <pre>{@code
 * try (BrineClient brine = BrineClient.connect(Path.of("/etc/brine/master.yaml"))) {       // the local operator
 *     Job job = brine.call(JobSpec.of("web*", "test.ping"));
 * }
 * try (BrineClient brine = BrineClient.connect("10.0.0.5", 4506, Path.of("heat.pem"))) {  // a named operator
 *     String jid = brine.cast(JobSpec.of("db1", "state.apply"));
 * }
 * }</pre>
 *
 * <p>One client holds one session, on which requests run side by side: its methods may be called from several
 * threads, and the asynchronous ones ({@link #callAsync}, {@link #stream(JobSpec)}) hold no thread while they
 * wait. Each client has its own transport thread, ended by {@link #close()}; callbacks run on it, so keep them
 * short.
 *
 * <p>The session survives the master: when it is restarted (even killed) the client connects again by itself,
 * and a call that was waiting goes on waiting for the same job by its jid, which the master's job cache keeps, with
 * the returns its minions send again; it ends as usual. A call ends at most 5 s past its timeout whatever happens:
 * when the master is not back in time, with the job as far as known and {@link Job#complete()} false (its jid to
 * look it up later with {@link #job}). A call is never sent twice: a job must not run twice.
 */
public final class BrineClient implements AutoCloseable {
    private static final Duration CONNECT = Duration.ofSeconds(10);
    /** How long a request other than a call may take before the master is taken to be gone. */
    private static final Duration ANSWER = Duration.ofSeconds(30);

    private final TransportRuntime runtime;
    private final MasterSession session;
    private final ClientCalls calls;
    private final Duration defaultTimeout;

    private BrineClient(TransportRuntime runtime, MasterSession session, Duration defaultTimeout) {
        this.runtime = runtime;
        this.session = session;
        this.calls = new ClientCalls(session);
        this.defaultTimeout = defaultTimeout;
    }

    /**
     * Connects as the master's local operator, with the keys in the master configuration's {@code pki_dir}
     * (readable by the master's own user only).
     *
     * @throws ClientException when a key cannot be read, or the master does not answer or refuses this client
     */
    public static BrineClient connect(Path masterConfig) throws InterruptedException {
        MasterEndpoint master = MasterEndpoint.from(ConfigFile.load(masterConfig));
        return open(master.connectAddress(), ClientKey.local(master), master.timeout());
    }

    /**
     * Connects to the master at {@code host:port} as the named operator whose key is {@code clientKey}
     * ({@code NAME.pem}, from {@code brine client create NAME}, with the master's {@code master.pub} beside it).
     *
     * @throws ClientException when a key cannot be read, or the master does not answer or refuses this client
     */
    public static BrineClient connect(String host, int port, Path clientKey) throws InterruptedException {
        String address = "tcp://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
        return open(address, ClientKey.named(clientKey), Duration.ofSeconds(30));
    }

    /**
     * Connects to the master {@code master} describes (its {@code connectAddress()}, its {@code timeout} for calls
     * that name none) as {@code who}, waiting up to {@code connectTimeout} for it to accept this client: how the
     * {@code brine} command connects, whoever it acts as.
     *
     * @throws ClientException when a key cannot be read, or the master does not answer or refuses this client
     */
    public static BrineClient connect(MasterEndpoint master, ClientKey who, Duration connectTimeout)
            throws InterruptedException {
        return open(master.connectAddress(), who, master.timeout(), connectTimeout);
    }

    private static BrineClient open(String address, ClientKey key, Duration defaultTimeout)
            throws InterruptedException {
        return open(address, key, defaultTimeout, CONNECT);
    }

    private static BrineClient open(String address, ClientKey key, Duration defaultTimeout, Duration connectTimeout)
            throws InterruptedException {
        TransportRuntime runtime = new TransportRuntime("client-" + key.name());
        try {
            return new BrineClient(runtime, MasterSession.open(runtime, address, key, connectTimeout), defaultTimeout);
        } catch (RuntimeException | InterruptedException e) {
            runtime.close();
            throw e;
        }
    }

    /**
     * Runs a job and waits for it: every targeted minion returned, or the spec's timeout passed. Across a master
     * restart too; when the master does not say how the job ended in time, the job as far as known, with
     * {@link Job#complete()} false.
     *
     * @throws ClientException when the master refuses the job, or goes away before it names it
     */
    public Job call(JobSpec spec) throws InterruptedException {
        return call(spec, new CallListener() { });
    }

    /**
     * Runs a job and waits for it as {@link #call(JobSpec)}, telling {@code listener} as it goes: the job published
     * (its jid and minions), each return as it arrives, and why the call stopped waiting if it did before the job
     * ended. How {@code brine run} follows a job.
     */
    public Job call(JobSpec spec, CallListener listener) throws InterruptedException {
        return ClientCalls.await(follow(spec, Objects.requireNonNull(listener, "listener"), null));
    }

    /** Runs a job and waits for it, handing each return to {@code onReturn} as it arrives. */
    public Job stream(JobSpec spec, BiConsumer<String, MinionResult> onReturn) throws InterruptedException {
        Objects.requireNonNull(onReturn, "onReturn");
        return call(spec, new CallListener() {
            @Override
            public void returned(JobReturn r) {
                onReturn.accept(r.minionId(), r.result());
            }
        });
    }

    /**
     * Runs a job without holding a thread: the future completes with the job when every targeted minion returned
     * or the spec's timeout passed (as {@link #call}), exceptionally with a {@link ClientException} when the
     * master refuses it or does not answer. Cancelling the future stops waiting, not the job.
     */
    public java.util.concurrent.CompletableFuture<Job> callAsync(JobSpec spec) {
        return follow(spec, new CallListener() { }, null);
    }

    /**
     * Runs a job and publishes its returns as they arrive, then completes (Salt's streamed call). Honours
     * back-pressure: returns are kept for a subscriber that has not asked for them, at most one per targeted minion;
     * a subscriber that comes late gets them all from the first. Delivered on the client's transport thread.
     */
    public java.util.concurrent.Flow.Publisher<JobReturn> stream(JobSpec spec) {
        ReturnLog log = new ReturnLog();
        follow(spec, ClientCalls.returnsTo(log), null).whenComplete((job, failed) -> log.finish(failed));
        return log.publisher(Runnable::run);
    }

    /** Publishes a call with the spec's timeout (or the client's) and follows it: see {@link ClientCalls#follow}. */
    private java.util.concurrent.CompletableFuture<Job> follow(JobSpec spec, CallListener listener,
            java.util.concurrent.CompletableFuture<String> jid) {
        JobSpec timed = timed(spec);
        Duration wait = spec.batch() == null ? timed.timeout().plus(MasterSession.REPORT_MARGIN) : Duration.ofDays(1);
        return calls.follow(timed, listener, jid, wait);
    }

    /**
     * Publishes a job and hands back its handle at once, as the embedded client's {@code submit}: the jid, its
     * returns as they arrive (a publisher), its result when it ends, and kill.
     *
     * @throws ClientException when the master refuses the job or does not say its jid in time
     */
    public RunningJob submit(JobSpec spec) throws InterruptedException {
        ReturnLog log = new ReturnLog();
        java.util.concurrent.CompletableFuture<String> jid = new java.util.concurrent.CompletableFuture<>();
        java.util.concurrent.CompletableFuture<Job> result = follow(spec, ClientCalls.returnsTo(log), jid);
        result.whenComplete((job, failed) -> {
            log.finish(failed);
            if (failed != null) {
                jid.completeExceptionally(failed);
            } else {
                jid.complete(job.jid());
            }
        });
        try {
            String id = jid.get(ANSWER.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
            return new RunningJob(id, result, log, j -> {
                try {
                    return kill(j);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            });
        } catch (java.util.concurrent.ExecutionException e) {
            throw e.getCause() instanceof RuntimeException re ? re : new IllegalStateException(e.getCause());
        } catch (java.util.concurrent.TimeoutException e) {
            throw ClientException.failed("the master did not say the job's jid within " + ANSWER.toSeconds() + " s");
        }
    }

    /**
     * Copies files of the master's host to {@code dest} (a directory) on the targeted minions, as {@code brine cp}
     * does, and waits for every minion to say it has them.
     */
    public Job copy(String target, io.brine.targeting.TargetType targetType, List<Path> sources, String dest,
            Duration timeout) throws InterruptedException {
        return ClientCalls.await(copyAsync(target, targetType, sources, dest, timeout));
    }

    /**
     * {@link #copy} without holding a thread. The sources are paths on the master's host (the master reads and
     * serves them), as for the embedded client.
     */
    public java.util.concurrent.CompletableFuture<Job> copyAsync(String target,
            io.brine.targeting.TargetType targetType, List<Path> sources, String dest, Duration timeout) {
        return copyAsync(target, targetType, sources, dest, timeout, null);
    }

    /** As above; with {@code ssh}, to the machines of the master's roster over SSH ({@code brine cp --ssh}). */
    public Job copy(String target, io.brine.targeting.TargetType targetType, List<Path> sources, String dest,
            Duration timeout, io.brine.jobs.SshOptions ssh) throws InterruptedException {
        return ClientCalls.await(copyAsync(target, targetType, sources, dest, timeout, ssh));
    }

    /** As above, without holding a thread. */
    public java.util.concurrent.CompletableFuture<Job> copyAsync(String target,
            io.brine.targeting.TargetType targetType, List<Path> sources, String dest, Duration timeout,
            io.brine.jobs.SshOptions ssh) {
        List<String> paths = sources.stream().map(p -> p.toAbsolutePath().toString()).toList();
        // room for the master to hash a new source while it is fetched, and for the minions' flush to disk
        Duration wait = timeout.multipliedBy(2).plus(MasterSession.REPORT_MARGIN);
        return ClientCalls.answered(session.callAsync(new io.brine.protocol.CopyRequest(session.nextRequestId(),
                target, targetType.code(), paths, dest, timeout.toMillis(), io.brine.jobs.SshOptions.code(ssh)),
                progress -> { }, wait),
                new CallListener() { });
    }

    /**
     * Has the minions {@code target} selects install a signed agent release: {@code bundle} and {@code signature}
     * are files on the master's host (docs/updates.md). Needs {@code @update}; waits for every minion's outcome.
     */
    public Job update(String target, io.brine.targeting.TargetType targetType, Path bundle, Path signature,
            boolean allowDowngrade, Duration timeout) throws InterruptedException {
        Duration wait = timeout.multipliedBy(2).plus(MasterSession.REPORT_MARGIN);
        return ClientCalls.await(ClientCalls.answered(session.callAsync(new io.brine.protocol.UpdateRequest(
                session.nextRequestId(), target, targetType.code(), bundle.toAbsolutePath().toString(),
                signature.toAbsolutePath().toString(), allowDowngrade, timeout.toMillis()), progress -> { }, wait),
                new CallListener() { }));
    }

    /**
     * Runs an orchestration on the master ({@code salt-run state.orchestrate}): {@code sls} from its file roots,
     * planned only with {@code test}, {@code pillar} merged over the master's pillar for the run. Needs
     * {@code @orchestrate} (and the rights of each job it publishes); waits for the run's one return, Salt's
     * highstate of the run from {@code <id>_master}.
     */
    public Job orchestrate(String sls, boolean test, Map<String, Object> pillar, Duration timeout)
            throws InterruptedException {
        Duration wait = timeout.plus(MasterSession.REPORT_MARGIN);
        return ClientCalls.await(ClientCalls.answered(session.callAsync(new io.brine.protocol.OrchestrateRequest(
                session.nextRequestId(), sls, test, pillar, timeout.toMillis()), progress -> { }, wait),
                new CallListener() { }));
    }

    /** Publishes a job without waiting for its returns (Salt's cast); its jid, to look it up later. */
    public String cast(JobSpec spec) throws InterruptedException {
        return publish(spec).jid();
    }

    /**
     * Publishes a job without waiting for its returns (Salt's cast), and says where it went: its jid, the minions
     * it was published to (none when the target matched none) and those the master could not decide on.
     *
     * @throws ClientException when the master refuses the job or cannot take it (nothing was published), or does
     *                         not answer
     */
    public Publication publish(JobSpec spec) throws InterruptedException {
        JobSpec timed = timed(spec);
        ClientResponse r = calls.ask(id -> PublishRequests.toWire(id, timed, true), progress -> { }, ANSWER);
        if (r instanceof Failure failure) {
            // the master could not take the job (nothing was published): the caller's to look at, as for a call
            throw ClientException.setup(failure.message());
        }
        return ClientCalls.publication(ClientCalls.expect(r, Published.class));
    }

    /**
     * The spec with a timeout: the wire always carries one, so a spec without one gets the master configuration's
     * ({@link #connect(Path)}) or 30 s.
     */
    private JobSpec timed(JobSpec spec) {
        return spec.timeout() != null ? spec : spec.withTimeout(defaultTimeout);
    }

    /**
     * A job by its jid, as far as it has got; empty if the master knows no such job. {@link Job#complete()} says
     * whether it had ended: no minion left that it waits for, or its timeout passed (by this host's clock).
     */
    public Optional<Job> job(String jid) throws InterruptedException {
        ClientResponse r = calls.ask(id -> new JobLookup(id, jid), progress -> { }, ANSWER);
        if (r instanceof NotFound) {
            return Optional.empty();
        }
        io.brine.protocol.JobRecord record = ClientCalls.expect(r, JobReport.class).job();
        return Optional.of(JobResults.job(record, JobResults.ended(record, System.currentTimeMillis())));
    }

    /** Recent jobs, newest first, as {@code brine job list} filters them. */
    public List<JobOverview> jobs(JobFilter filter) throws InterruptedException {
        ClientResponse r = calls.ask(id -> new JobListRequest(id, filter.limit(), filter.function(), filter.target(),
                filter.caller(), filter.sinceMillis(), filter.queued()), progress -> { }, ANSWER);
        return ClientCalls.expect(r, JobListing.class).jobs().stream().map(JobResults::overview).toList();
    }

    /** Stops a running job on every minion still running it; false if it is not running any more. */
    public boolean kill(String jid) throws InterruptedException {
        ClientResponse r = calls.ask(id -> new KillRequest(id, jid), progress -> { }, ANSWER);
        if (r instanceof NotFound) {
            return false;
        }
        ClientCalls.expect(r, Done.class);
        return true;
    }

    /**
     * The accepted minions, up or down and when last seen, as {@code brine manage status} shows them (Salt's
     * {@code manage.status}).
     */
    public List<MinionStatus> minions() throws InterruptedException {
        MinionStatusReport r = ClientCalls.expect(calls.ask(MinionStatusRequest::new, progress -> { }, ANSWER),
                MinionStatusReport.class);
        return r.minions().stream().map(m -> new MinionStatus(m.id(), m.up(), m.lastSeenMillis()
                == MinionStatusReport.NEVER ? Optional.empty() : Optional.of(Instant.ofEpochMilli(m.lastSeenMillis())),
                m.transport().isEmpty() ? Optional.empty() : Optional.of(m.transport()),
                m.version().isEmpty() ? Optional.empty() : Optional.of(m.version())))
                .toList();
    }

    /**
     * Has the master carry out a key action as {@code brine key} does, as this client (whose name
     * {@code publisher_acl} must grant {@code @keys}): {@code list}, {@code accept}, {@code accept-all},
     * {@code reject} or {@code delete} of {@code ids}. The ids grouped as {@code brine key} prints them: by status
     * for {@code list} ({@code accepted}, {@code pending}, {@code rejected}, {@code denied}), else by outcome (the
     * verb done, and {@code not_found}).
     *
     * @throws ClientException when the master refuses (no {@code @keys}) or knows no such action
     */
    public Map<String, List<String>> keys(String action, List<String> ids) throws InterruptedException {
        return ClientCalls.expect(calls.ask(id -> new KeyRequest(id, action, ids), progress -> { }, ANSWER),
                KeyResult.class).groups();
    }

    /**
     * Tells the master that its local operator changed minion keys in its directories ({@code ID/VERB}, e.g.
     * {@code web1/rejected}), so that it rechecks those minions' sessions (a revoked minion is cut off at once) and
     * announces and audits the changes as the operator's. True once the master has; false if it did not answer
     * within {@code wait}.
     */
    public boolean keysChanged(List<String> changes, Duration wait) throws InterruptedException {
        ClientResponse r = session.request(new KeysChanged(session.nextRequestId(), changes), progress -> { }, wait);
        if (r == null) {
            return false;
        }
        if (r instanceof Refused refused) {
            throw ClientException.setup(refused.message());
        }
        ClientCalls.expect(r, Done.class);
        return true;
    }

    /**
     * Events whose tag matches {@code tagGlob}, from the moment this returns, handed to {@code consumer} on the
     * client's transport thread until the subscription or the client is closed. The master keeps one subscription
     * per client session: a new one replaces the last.
     *
     * @throws ClientException if the master refuses (the client's name lacks {@code @events}) or does not answer
     */
    public Subscription subscribe(String tagGlob, Consumer<Event> consumer)
            throws InterruptedException {
        return calls.subscribe(tagGlob, consumer, ANSWER);
    }

    /** Ends the session and the client's transport thread. */
    @Override
    public void close() {
        session.close();
        runtime.close();
    }
}
