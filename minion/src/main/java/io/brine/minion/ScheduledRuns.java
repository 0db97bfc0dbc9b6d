package io.brine.minion;

import io.brine.functions.FunctionCatalog;
import io.brine.functions.MasterLink;
import io.brine.functions.MinionControl;
import io.brine.functions.ProcessRunner;
import io.brine.minion.schedule.ReturnPolicy;
import io.brine.minion.schedule.ScheduleEntry;
import io.brine.minion.schedule.ScheduledJobLauncher;
import io.brine.protocol.JidGenerator;
import io.brine.protocol.JobRequest;
import io.brine.protocol.JobReturn;
import io.brine.protocol.ScheduledReturn;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.ObjLongConsumer;
import java.util.function.Supplier;

/**
 * Runs the due entries of the minion's schedule as jobs like any other: each run gets a jid of the minion's own and
 * goes through a job runner of its own, under the minion's function policy, return cap and {@code max_jobs}, with
 * the caller {@code schedule:NAME}. Its return goes to the master with what the job was ({@link ScheduledReturn}),
 * kept in the spool until the master has filed it, unless the entry says {@code return_job: False}: then it is
 * only logged. The scheduler hears that the run ended once its return is made, which is how {@code maxrunning}
 * holds.
 *
 * <p>Example: {@code MinionSchedule.open(cachedir, clock, random, new ScheduledRuns(..., returns::returned))}
 */
final class ScheduledRuns implements ScheduledJobLauncher, AutoCloseable {
    private static final Logger LOG = System.getLogger(ScheduledRuns.class.getName());
    /** What a scheduled job's caller is called, before the entry's name: the master files it so too. */
    static final String CALLER_PREFIX = "schedule:";
    /**
     * How long a scheduled job may run. Salt sets none, but a job here needs a deadline, and one with none that
     * hangs would hold its entry at maxrunning for good. A day, as {@code brine call}'s default: no highstate or
     * backup a schedule runs should come near it, and a hung run still frees its entry by the next day.
     */
    static final Duration TIMEOUT = Duration.ofDays(1);

    /** A run between its launch and its return. */
    private record Run(ScheduleEntry entry, Runnable done) {
    }

    private final Map<String, Run> running = new ConcurrentHashMap<>();
    private final JidGenerator jids;
    private final ObjLongConsumer<ScheduledReturn> toMaster;
    private final Duration timeout;
    private final JobRunner jobs;

    /**
     * @param toMaster where a return that goes to the master goes (the minion's {@code ReturnSender}), with the
     *     size the function's output had before any cut
     */
    ScheduledRuns(MinionConfig config, FunctionCatalog functions, Supplier<Map<String, Object>> grains,
            MasterLink master, MinionControl control, ProcessRunner processes, MinionRuntime runtime,
            JidGenerator jids, ObjLongConsumer<ScheduledReturn> toMaster, Duration timeout) {
        this.jids = jids;
        this.toMaster = toMaster;
        this.timeout = timeout;
        // nobody waits for a JobAck of a job no master published, and no master sends it twice
        this.jobs = new JobRunner(config.id(), functions, grains, config.cacheDir(), config.maxJobs(), m -> { },
                master, control, config.functionPolicy(), this::returned, TakenJobs.inMemory(), processes,
                runtime);
    }

    @Override
    public void launch(ScheduleEntry entry, Runnable done) {
        String jid = jids.next();
        running.put(jid, new Run(entry, done));
        try {
            jobs.submit(new JobRequest(jid, entry.function(), entry.args(), entry.kwargs(), timeout.toMillis(),
                    CALLER_PREFIX + entry.name()));
        } catch (RuntimeException e) {
            running.remove(jid); // not started: the scheduler counts it so, and logs why
            throw e;
        }
    }

    /** A run's return, however it ended (a value, a failure, a refusal, its timeout, the minion stopping). */
    private void returned(JobReturn ret, long uncutBytes) {
        Run run = running.remove(ret.jid());
        if (run == null) {
            return;
        }
        ScheduleEntry e = run.entry();
        try {
            if (e.returnJob() == ReturnPolicy.KEEP_LOCAL) {
                LOG.log(ret.result().success() ? Level.DEBUG : Level.WARNING, "scheduled job " + e.name() + " ("
                        + e.function() + ", jid " + ret.jid() + ") returned retcode " + ret.result().retcode()
                        + "; kept on this minion (return_job: False)");
            } else {
                // nocache too: Brine's master files every return it gets, and has no uncached kind
                toMaster.accept(new ScheduledReturn(e.name(), e.function(), e.args(), e.kwargs(), timeout.toMillis(),
                        ret), uncutBytes);
            }
        } finally {
            run.done().run();
        }
    }

    /** Stops the runs still going: each returns "stopped", which goes to the spool as any return does. */
    @Override
    public void close() {
        jobs.close();
    }
}
