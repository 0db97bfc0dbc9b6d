package io.brine.master;

import io.brine.jobs.Event;
import io.brine.jobs.Job;
import io.brine.jobs.JobFilter;
import io.brine.jobs.JobOverview;
import io.brine.jobs.JobReturn;
import io.brine.jobs.JobSpec;
import io.brine.jobs.JobState;
import io.brine.jobs.MinionResult;
import io.brine.jobs.RunningJob;
import io.brine.jobs.internal.ReturnLog;
import io.brine.targeting.TargetType;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;
import java.util.function.BiConsumer;

/**
 * Runs jobs on an in-process master. Thread-safe: any number of threads may call, cast and stream at once. It
 * answers with its own result types ({@link Job}, {@link MinionResult}, {@link JobOverview}), never with what
 * travels on the wire.
 *
 * <p>Example:
 * <pre>{@code
 * Job r = master.client().call(JobSpec.of("web*", "test.ping"));
 * r.returns().forEach((id, ret) -> System.out.println(id + ": " + ret.ret()));
 * System.out.println("missing: " + r.missing());   // {web3=NOT_CONNECTED}
 * master.client().call(JobSpec.of("web*", "pkg.upgrade").withBatch(Batch.parse("25%")));  // a quarter at a time
 * master.client().callAsync(JobSpec.of("db*", "test.ping")).thenAccept(j -> log(j.returns()));  // no thread waits
 * }</pre>
 *
 * <p>Each way of running a job comes blocking and asynchronous: {@link #call} waits for {@link #callAsync}'s future,
 * {@link #stream(JobSpec)} publishes returns as a {@link java.util.concurrent.Flow.Publisher}, {@link #submit} gives
 * the jid, the returns and the result at once. The asynchronous forms hold no thread while a job runs: the master
 * completes them as the last return or the timeout comes, so thousands of jobs may be awaited at once.
 *
 * <p>Every job passes here, however it was asked for: the CLI's requests ({@code ClientService}), the REST API and
 * the reactor each hold a client acting as their caller, so the same {@link JobSpec} is the same job on every path.
 *
 * <p><b>When the master stops under a call</b> (closed, to be started again on the same {@code pki_dir} and
 * {@code cachedir}): every call still waiting ends at once, neither hanging nor throwing, with the job as far as
 * this master knew it and {@link Job#complete()} false. The job itself goes on: its minions finish it and keep
 * their returns until a master has stored them. The caller keeps the jid and awaits the job on the new master,
 * which takes those returns as the minions reconnect:
 * <pre>{@code
 * Job job = master.client().call(JobSpec.of("web*", "state.apply", "web"));
 * if (!job.complete()) {                                   // the master stopped under the call
 *     master = Master.start(config);                       // the same pki_dir and cachedir
 *     job = master.client().job(job.jid(), Duration.ofMinutes(5)).orElse(job);
 * }
 * }</pre>
 * An orchestrator driving many resources needs exactly this: the jid to act on (await, look up, kill) and an honest
 * "not known yet" it can put in its own state, where an exception would lose the jid and what ran, a hang would
 * hold its thread past its own deadlines, and calling again would run the job twice.
 */
public final class MasterClient {
    private final JobPublisher publisher;
    private final JobTracker tracker;
    private final TransferStaging staging;
    private final CopyJobs copies;
    private final UpdateJobs updates;
    private final CallerJobs reads;
    private final CallerRights rights;
    private final Duration defaultTimeout;
    private final Principal caller;
    private final boolean requireMatch;
    private final OrchestrateJobs orchestrations;

    MasterClient(JobPublisher publisher, JobTracker tracker, TransferStaging staging, Duration defaultTimeout,
            Principal caller, OrchestrateJobs orchestrations) {
        this(publisher, tracker, staging, defaultTimeout, caller, false, orchestrations);
    }

    private MasterClient(JobPublisher publisher, JobTracker tracker, TransferStaging staging, Duration defaultTimeout,
            Principal caller, boolean requireMatch, OrchestrateJobs orchestrations) {
        this.orchestrations = orchestrations;
        this.requireMatch = requireMatch;
        this.publisher = publisher;
        this.tracker = tracker;
        this.staging = staging;
        this.copies = new CopyJobs(staging, publisher.audit());
        this.updates = new UpdateJobs(staging, publisher.access(), publisher.audit());
        this.defaultTimeout = defaultTimeout;
        this.caller = caller;
        this.reads = new CallerJobs(tracker, publisher.access(), caller);
        this.rights = new CallerRights(publisher.access(), publisher.audit(), caller);
    }

    /**
     * A client acting as {@code name}: its jobs are recorded and audited as asked by {@code name}, and it may
     * do only what the master's {@code publisher_acl} grants {@code name} (nothing, when it is not listed). The
     * master's own client ({@link Master#client()}) is a local caller, admin unless {@code publisher_acl_local:
     * false}. Refusals throw {@link AccessDeniedException} before anything is published.
     */
    public MasterClient as(String name) {
        return as(name, "library");
    }

    /** As {@link #as(String)}, recording {@code source} (a peer's address) in the audit log. */
    public MasterClient as(String name, String source) {
        return as(Principal.named(name, source));
    }

    /** A client acting as {@code who}: how the master's other front ends (the CLI's requests, the reactor) ask. */
    MasterClient as(Principal who) {
        return new MasterClient(publisher, tracker, staging, defaultTimeout, who, requireMatch, orchestrations);
    }

    /**
     * This client, refusing jobs whose target selects no minion: {@link #call}, {@link #cast} and {@link #stream}
     * then throw {@link NoMinionsMatchedException} and nothing is recorded (without it, such a job is recorded
     * with no minion expected, and a call returns it at once). A list target naming ids that are not accepted
     * minions still makes a job: they are {@code unknown} in {@link Job#missing()}.
     */
    public MasterClient requiringMatch() {
        return new MasterClient(publisher, tracker, staging, defaultTimeout, caller, true, orchestrations);
    }

    /**
     * Throws unless this client holds {@code right} ({@code @events}, {@code @jobs}, {@code @keys}, {@code @tokens}
     * or {@code @hooks}); the refusal is audited.
     *
     * @throws AccessDeniedException naming the identity and {@code what} it may not do
     */
    public void requireRight(String right, String what) {
        rights.requireRight(right, what);
    }

    /**
     * Throws unless this client may create or revoke the API token {@code tokenName}: {@code @tokens} naming it
     * ({@code '@tokens': [ci-*]}), granted no more than this client, and not a name of the master's own callers or
     * of a client key (the local admin may do anything). The refusal is audited.
     *
     * <pre>{@code
     * master.client().as("token:ci").requireTokenName("ci-build-7", "create");
     * }</pre>
     *
     * @throws AccessDeniedException naming the identity, the token and why
     */
    public void requireTokenName(String tokenName, String what) {
        rights.requireTokenName(tokenName, what);
    }

    /** Whether this client may create and revoke the API token {@code tokenName}; nothing is audited. */
    public boolean mayManageToken(String tokenName) {
        return rights.mayManageToken(tokenName);
    }

    /**
     * Whether this client, watching the event bus, may see {@code event}: a job's events only if it may read the
     * job (its own, or {@code @jobs}), a minion's only if its grants cover that minion. Holding {@code @events} is
     * checked apart, with {@link #requireRight}.
     */
    public boolean mayWatch(Event event) {
        return rights.mayWatch(event);
    }

    /** Who this client acts as. */
    public Principal principal() {
        return caller;
    }

    /**
     * Writes {@code action} to the master's audit log as this client's: for front ends an embedding application
     * adds beside the master's own (the HTTP API records its token changes this way). Values of keys that look
     * like secrets ({@code password}, {@code token}, ...) are redacted.
     *
     * <pre>{@code
     * master.client().as("heat").audit("stack.create", Map.of("stack", "web", "outcome", "created"));
     * }</pre>
     */
    public void audit(String action, Map<String, Object> fields) {
        rights.audit(action, fields);
    }

    /**
     * Call before an action whose audit line ({@link #audit}) can only follow it: with {@code audit_required: true},
     * throws unless the audit log can record it durably now (every earlier line written, the log synced); the
     * refusal is audited and counted. Without it, does nothing.
     *
     * <pre>{@code
     * client.requireAudit("token.revoke", Map.of("token", name));   // then revoke, then client.audit(...)
     * }</pre>
     *
     * @throws AuditUnavailableException saying why; nothing should be done
     */
    public void requireAudit(String action, Map<String, Object> fields) {
        rights.requireAudit(action, fields);
    }

    /**
     * Copies files from this host to the minions a target selects ({@code brine cp}): streamed in chunks,
     * SHA-256 checked, written atomically with their mode. {@code dest} is a directory, or the file's new path
     * for a single source. Waits like {@link #call}.
     *
     * @throws AccessDeniedException if this client may not run {@code cp.recv} on that target
     * @throws InterruptedException if the calling thread is interrupted while it waits
     */
    public Job copy(String target, TargetType targetType, List<java.nio.file.Path> sources, String dest,
            Duration timeout) throws InterruptedException {
        return await(copyAsync(target, targetType, sources, dest, timeout));
    }

    /**
     * {@link #copy} without waiting: the future completes when the copy job ends, as {@link #callAsync}'s.
     *
     * <pre>{@code
     * client.copyAsync("vm1", TargetType.LIST, List.of(Path.of("app.tar")), "/srv/", Duration.ofMinutes(2))
     *         .thenCompose(pushed -> client.callAsync(JobSpec.of("vm1", "state.apply", "app")));
     * }</pre>
     *
     * @throws AccessDeniedException if this client may not run {@code cp.recv} on that target
     */
    public CompletableFuture<Job> copyAsync(String target, TargetType targetType, List<java.nio.file.Path> sources,
            String dest, Duration timeout) {
        return copyAsync(target, targetType, sources, dest, timeout, null);
    }

    /**
     * As {@link #copyAsync(String, TargetType, List, String, Duration)}; with {@code ssh}, to the machines of the
     * roster over SSH ({@code brine cp --ssh}), which need nothing but a shell for it.
     */
    public CompletableFuture<Job> copyAsync(String target, TargetType targetType, List<java.nio.file.Path> sources,
            String dest, Duration timeout, io.brine.jobs.SshOptions ssh) {
        return startCopy(target, targetType, sources.stream().map(p -> p.toAbsolutePath().toString()).toList(),
                dest, timeout, ssh, null).job().result();
    }

    /**
     * Runs the job and waits until every expected minion returned or the timeout passed; with a batch, until
     * every round did (each round up to the timeout). {@link #callAsync} without the thread that waits.
     *
     * @return the job when it ended: what each minion returned, and how each of the others ended; or, when the
     *         master stopped first, the job as far as known with {@link Job#complete()} false
     * @throws AccessDeniedException if this client may not run the function on the target
     * @throws IllegalArgumentException if the target is malformed or the function unknown, before anything is sent
     * @throws InterruptedException if the calling thread is interrupted while it waits
     */
    public Job call(JobSpec spec) throws InterruptedException {
        return await(callAsync(spec));
    }

    /**
     * Runs the job and answers at once with a future of it, completed when the job ends as {@link #call}'s wait
     * does (every expected minion returned, or the timeout passed, or the master stopped): by the master as the
     * last return or the timeout comes, with no thread waiting per call. Cancelling the future stops this caller's
     * waiting, not the job (see {@link #submit} for its jid and {@link RunningJob#kill}). Stages added without an
     * executor run on the master thread that ended the job: keep them quick, or use the {@code ...Async} forms.
     *
     * <pre>{@code
     * CompletableFuture<Job> web = client.callAsync(JobSpec.of("web*", "state.apply", "web"));
     * CompletableFuture<Job> db = client.callAsync(JobSpec.of("db*", "state.apply", "db"));
     * web.thenCombine(db, (w, d) -> w.succeeded() && d.succeeded()).thenAccept(ok -> ...);
     * }</pre>
     *
     * @throws AccessDeniedException if this client may not run the function on the target (nothing was published)
     * @throws IllegalArgumentException if the target is malformed or the arguments refused, before anything is sent
     */
    public CompletableFuture<Job> callAsync(JobSpec spec) {
        return start(spec, null).job().result();
    }

    /**
     * Runs the job and answers at once with a handle on it: its jid, its returns as they come, its result when it
     * ends, and {@link RunningJob#kill()}.
     *
     * @throws AccessDeniedException if this client may not run the function on the target (nothing was published)
     * @throws IllegalArgumentException if the target is malformed or the arguments refused, before anything is sent
     */
    public RunningJob submit(JobSpec spec) {
        ReturnLog log = new ReturnLog();
        LiveJob job = start(spec, (jid, id, ret) -> log.add(new JobReturn(jid, id, ret))).job();
        job.done.whenComplete((record, failure) -> log.finish(failure));
        return new RunningJob(job.jid(), job.result(), log, this::kill);
    }

    /**
     * Starts the job and returns its jid at once (fire and forget); look it up later with {@link #job}.
     *
     * @throws AccessDeniedException if this client may not run the function on the target
     */
    public String cast(JobSpec spec) {
        return start(spec, null).job().jid();
    }

    /**
     * Runs the job and publishes each minion's return as it arrives, then completes when the job ends
     * ({@link #submit}{@code (spec).returns()}): a subscriber requesting one at a time still gets every one, the job
     * keeping those not yet requested (at most one per expected minion), and so does one that subscribes after the
     * first returns came. Cancelling a subscription does not stop the job.
     *
     * <pre>{@code
     * client.stream(JobSpec.of("web*", "pkg.upgrade")).subscribe(new Flow.Subscriber<>() {
     *     public void onSubscribe(Flow.Subscription s) { (this.s = s).request(1); }
     *     public void onNext(JobReturn r) { show(r.minionId(), r.result()); s.request(1); }
     *     public void onError(Throwable t) { }
     *     public void onComplete() { done(); }
     * });
     * }</pre>
     *
     * @throws AccessDeniedException if this client may not run the function on the target (nothing was published)
     */
    public Flow.Publisher<JobReturn> stream(JobSpec spec) {
        return submit(spec).returns();
    }

    /**
     * Like {@link #call}, delivering each return to {@code onReturn} as it arrives, one at a time and all of them
     * before this returns. It runs on a master thread and should be quick: the job's later returns wait for it.
     *
     * @throws AccessDeniedException if this client may not run the function on the target
     * @throws InterruptedException if the calling thread is interrupted while it waits
     */
    public Job stream(JobSpec spec, BiConsumer<String, MinionResult> onReturn) throws InterruptedException {
        return await(start(spec, (jid, id, ret) -> onReturn.accept(id, ret)).job().result());
    }

    /**
     * What publishing {@code spec} as this client would do, without doing it: the minions its target selects (those
     * this client may see: its grants cover them, or it holds {@code @keys}) and why the master would refuse it (this client's grants, functions the minions do not declare, arguments they
     * would refuse). Nothing is recorded, sent or audited; a refused publish is audited when it is attempted.
     *
     * @throws IllegalArgumentException if the target does not parse ({@code TargetSyntaxException}, with a caret)
     */
    public JobPreview preview(JobSpec spec) {
        JobPreview all = publisher.preview(spec, caller);
        // only the minions this client may see: a preview must not tell which others a target selects
        java.util.function.Predicate<String> sees = id -> publisher.access().holds(caller, "@keys")
                || publisher.access().coversMinion(caller, id);
        return new JobPreview(all.minions().stream().filter(sees).toList(),
                all.undetermined().stream().filter(sees).toList(), all.unknown().stream().filter(sees).toList(),
                all.refusal());
    }

    /**
     * Whether this client may run {@code function} on some minion (a grant naming it, whatever its target): what a
     * front end offers to run. Nothing is audited.
     */
    public boolean mayRun(String function) {
        return publisher.access().mayRunSomewhere(caller, function);
    }

    /**
     * The functions minion {@code id} declared it runs, sorted by name, when this client's grants cover that minion
     * (or it holds {@code @keys}); empty when it declared none or the master has not heard its report.
     *
     * @throws AccessDeniedException when this client may not see the minion
     */
    public List<FunctionDeclaration> functions(String id) {
        if (!publisher.access().coversMinion(caller, id) && !publisher.access().holds(caller, "@keys")) {
            throw new AccessDeniedException("'" + caller.name() + "' may not see minion " + id);
        }
        return publisher.declared().declarations(id);
    }

    /**
     * A job, when this client may see it: its own jobs, or any with {@code @jobs} (or as admin); empty for an
     * unknown jid too, so that others' jobs cannot be told from none.
     */
    public Optional<Job> job(String jid) {
        return reads.job(jid);
    }

    /**
     * Like {@link #job(String)}, first waiting up to {@code wait} for the job to end (every expected minion
     * returned, or its timeout passed) when it is still running: a long poll. Empty at once for a job this client
     * may not see or that does not exist.
     *
     * <p>This is how a job is awaited across a restart: a job an earlier master published on the same cachedir
     * is waited for too, its returns taken as the minions send them again on reconnecting, until none it waits
     * for is left or its timeout passed (the result's {@link Job#complete()} says which way it ended).
     *
     * @throws InterruptedException if the calling thread is interrupted while it waits
     */
    public Optional<Job> job(String jid, Duration wait) throws InterruptedException {
        return reads.job(jid, wait);
    }

    /**
     * Whether {@code jid} is a job this client may see that is still waiting for returns: one of this master's,
     * or one an earlier master published whose minions may still return within its timeout.
     */
    public boolean running(String jid) {
        return reads.running(jid);
    }

    /** The most recent jobs this client may see, newest first. */
    public List<JobOverview> jobs(int limit) {
        return jobs(JobFilter.latest(limit));
    }

    /** Jobs matching a filter that this client may see, newest first. */
    public List<JobOverview> jobs(JobFilter filter) {
        return reads.listing(filter);
    }

    /**
     * Until when a job this client may see keeps its deliveries queued for the minions that were away
     * ({@code --queue}); empty for a job that queued nothing, or one this client may not see.
     */
    public Optional<java.time.Instant> queuedUntil(String jid) {
        return reads.state(jid).map(JobState::queueUntil);
    }

    /** What the master knows of a job this client may see ({@link #job} is what it sees), for the CLI's requests. */
    Optional<JobState> state(String jid) {
        return reads.state(jid);
    }

    /**
     * Stops a running job on every minion still running it, and cancels its deliveries queued for minions that are
     * away (they read {@code killed}); false if it is not running any more.
     *
     * @throws AccessDeniedException if the job is another identity's and this client lacks {@code @jobs}
     * @throws AuditUnavailableException with {@code audit_required: true}, when the kill cannot be audited first
     */
    public boolean kill(String jid) {
        return publisher.kill(caller, jid);
    }

    /**
     * The front door every job passes, whichever way it was asked for (library, CLI, REST API, reactor): the
     * master's timeout where the spec names none, then the publish as this client's identity. {@code listener}
     * (may be null) hears each return as it arrives.
     */
    JobPublisher.Published start(JobSpec spec, LiveJob.Listener listener) {
        JobSpec timed = spec.timeout() == null ? spec.withTimeout(defaultTimeout) : spec;
        return publisher.publish(timed, caller, listener, requireMatch);
    }

    /**
     * Has the minions {@code target} selects install a signed agent release (docs/updates.md): {@code bundle} (the
     * brine-minion .deb or the minion jar) and its {@code signature} are files on the master's host. Each minion
     * checks the signature against its own {@code update_keys} and returns {@code updated FROM -> TO},
     * {@code refused: REASON} or {@code rolled-back}. Waits like {@link #call}.
     *
     * @throws AccessDeniedException without {@code @update} in {@code publisher_acl}
     * @throws IllegalArgumentException if this client may not read the bundle or the signature
     * @throws InterruptedException if the calling thread is interrupted while it waits
     */
    public Job update(String target, TargetType targetType, java.nio.file.Path bundle, java.nio.file.Path signature,
            boolean allowDowngrade, Duration timeout) throws InterruptedException {
        return await(startUpdate(target, targetType, bundle.toAbsolutePath().toString(),
                signature.toAbsolutePath().toString(), allowDowngrade, timeout, null).job().result());
    }

    /** Stages the release for one update job and publishes it as this client's: see {@link UpdateJobs}. */
    JobPublisher.Published startUpdate(String target, TargetType targetType, String bundle, String signature,
            boolean allowDowngrade, Duration timeout, LiveJob.Listener listener) {
        return updates.start(caller, target, targetType, bundle, signature, allowDowngrade, timeout,
                spec -> start(spec, listener));
    }

    /**
     * Runs the orchestration {@code sls} (Salt's {@code salt-run state.orchestrate}): rendered from the master's
     * {@code file_roots} on the master, its {@code salt.state}, {@code salt.function}, {@code salt.wait_for_event}
     * and {@code salt.runner} steps run in order as this client's jobs; {@code test} plans it, each
     * {@code salt.state} running its target's states in test mode. {@code pillar} is merged over the master's
     * pillar for the run. Waits until it ends; the job's one return, from {@code <id>_master}, is Salt's highstate
     * of the run.
     *
     * <pre>{@code
     * Job run = client.orchestrate("orch.deploy", false, Map.of(), Duration.ofMinutes(30));
     * boolean ok = run.returns().values().iterator().next().success();
     * }</pre>
     *
     * @throws AccessDeniedException without {@code @orchestrate}, before anything runs; a step this client may not
     *     run fails that step (and what requires it), audited
     * @throws IllegalStateException when no orchestrator is installed beside the master
     * @throws InterruptedException if the calling thread is interrupted while it waits
     */
    public Job orchestrate(String sls, boolean test, Map<String, Object> pillar, Duration timeout)
            throws InterruptedException {
        return await(startOrchestrate(sls, test, pillar, timeout, null).job().result());
    }

    /** Starts an orchestration as this client's: see {@link OrchestrateJobs}. */
    JobPublisher.Published startOrchestrate(String sls, boolean test, Map<String, Object> pillar, Duration timeout,
            LiveJob.Listener listener) {
        return orchestrations.start(this, sls, test, pillar, timeout == null ? defaultTimeout : timeout, listener);
    }

    /** Stages {@code sources} for one copy job and publishes it as this client's: see {@link CopyJobs}. */
    JobPublisher.Published startCopy(String target, TargetType targetType, List<String> sources, String dest,
            Duration timeout, io.brine.jobs.SshOptions ssh, LiveJob.Listener listener) {
        return copies.start(caller, target, targetType, sources, dest, timeout, ssh, copy -> start(copy, listener));
    }

    private static Job await(CompletableFuture<Job> job) throws InterruptedException {
        try {
            return job.get();
        } catch (ExecutionException e) {
            throw new IllegalStateException("job failed", e.getCause());
        }
    }
}
