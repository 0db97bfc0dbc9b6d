package io.brine.master;

import io.brine.fileserver.PillarCompiler;
import io.brine.jobs.JobState;
import io.brine.jobs.MinionResult;
import io.brine.master.internal.AuditLog;
import io.brine.master.internal.Orchestrator;
import io.brine.protocol.JidGenerator;
import io.brine.targeting.TargetType;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.Semaphore;

/**
 * Starts orchestrations ({@code brine orchestrate}, {@link MasterClient#orchestrate}, {@code POST /orchestrate}):
 * the caller needs {@code @orchestrate}, and each job a step publishes is the caller's, under its own grants. The run
 * is one job in the job cache, {@value #FUNCTION} answered by {@code <id>_master} with Salt's highstate of the run
 * (each step's minions' outcomes nested in it, and the jid of the job it published), so {@code job show} and
 * {@code job list} show it as any job.
 */
final class OrchestrateJobs {
    private static final Logger LOG = System.getLogger(OrchestrateJobs.class.getName());
    static final String FUNCTION = "state.orchestrate";
    static final String RIGHT = "@orchestrate";
    /** Orchestrations running at once: each holds a thread for as long as its steps take. */
    static final int MAX_RUNNING = 8;

    /** What an orchestration needs of the master besides the caller's client. */
    record Parts(Optional<Orchestrator> orchestrator, JobTracker tracker, JidGenerator jids, AccessPolicy access,
            AuditLog audit, PillarCompiler pillar, List<Path> fileRoots, String masterId, Executor runs,
            MasterKeys keys, EventBus events, MineService mine) {
    }

    private final Parts parts;
    private final Semaphore running = new Semaphore(MAX_RUNNING);

    OrchestrateJobs(Parts parts) {
        this.parts = parts;
    }

    /**
     * Starts {@code sls} as {@code asCaller}'s orchestration; {@code listener} hears the run's one return.
     *
     * @throws AccessDeniedException without {@code @orchestrate}
     * @throws IllegalArgumentException for a pillar that does not compile
     * @throws IllegalStateException when no orchestrator is installed, or too many runs are going
     */
    JobPublisher.Published start(MasterClient asCaller, String sls, boolean test, Map<String, Object> pillar,
            Duration timeout, LiveJob.Listener listener) {
        Principal caller = asCaller.principal();
        try {
            parts.access().checkRight(caller, RIGHT, "run orchestrations");
        } catch (AccessDeniedException e) {
            parts.audit().record(caller, "refused", Map.of("function", FUNCTION, "sls", sls, "outcome",
                    e.getMessage()));
            throw e;
        }
        Orchestrator orchestrator = parts.orchestrator().orElseThrow(() -> new IllegalStateException(
                "orchestrate needs the state engine beside the master: put brine-orchestrate on its class path"));
        Map<String, Object> merged = pillar(pillar);
        if (!running.tryAcquire()) {
            throw new IllegalStateException(MAX_RUNNING + " orchestrations are running on this master; start this "
                    + "one when one of them has ended");
        }
        LiveJob job;
        try {
            job = record(caller, sls, test, !pillar.isEmpty(), timeout, listener);
            parts.audit().record(caller, "orchestrate", Map.of("function", FUNCTION, "sls", sls, "jid", job.jid(),
                    "test", test));
            String jid = job.jid();
            parts.runs().execute(() -> run(orchestrator, new Orchestrator.Run(jid, sls, test, merged, parts.masterId(),
                    parts.fileRoots(), new OrchestrateSteps(asCaller, parts.keys(), parts.events(), parts.mine(),
                            id -> parts.access().coversMinion(caller, id)))));
        } catch (RuntimeException e) {
            running.release();
            throw e;
        }
        return new JobPublisher.Published(job, List.of());
    }

    private LiveJob record(Principal caller, String sls, boolean test, boolean pillarGiven, Duration timeout,
            LiveJob.Listener listener) {
        Map<String, Object> kwargs = new LinkedHashMap<>();
        kwargs.put("test", test);
        if (pillarGiven) {
            kwargs.put("pillar", "<redacted>"); // may hold secrets: the job cache is readable by @jobs
        }
        String id = parts.masterId();
        JobState state = new JobState(parts.jids().next(), FUNCTION, List.of(sls), kwargs, id, TargetType.LIST,
                caller.name(), Instant.now(), timeout, List.of(id), List.of(), List.of(id), Map.of(), List.of(), null,
                List.of(), List.of());
        return parts.tracker().start(state, timeout.toMillis(), listener);
    }

    private void run(Orchestrator orchestrator, Orchestrator.Run run) {
        Instant start = Instant.now();
        MinionResult result;
        try {
            Orchestrator.Outcome o = orchestrator.run(run);
            result = new MinionResult(o.highstate(), o.success() ? 0 : 2, o.success(), start, Instant.now());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            result = new MinionResult("the orchestration was stopped: the master is closing", 1, false, start,
                    Instant.now());
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "orchestration " + run.jid() + " (" + run.sls() + ") failed", e);
            result = new MinionResult(List.of(String.valueOf(e.getMessage())), 1, false, start, Instant.now());
        } finally {
            running.release();
        }
        parts.tracker().returned(run.masterId(), run.jid(), result);
    }

    /** The master's pillar for its orchestrations, with the caller's merged over it. */
    private Map<String, Object> pillar(Map<String, Object> given) {
        try {
            Map<String, Object> merged = new LinkedHashMap<>(parts.pillar().compile(parts.masterId(), Map.of()));
            PillarCompiler.merge(merged, given);
            return merged;
        } catch (PillarCompiler.PillarException e) {
            throw new IllegalArgumentException("the master's pillar for " + parts.masterId() + ": " + e.getMessage());
        }
    }
}
