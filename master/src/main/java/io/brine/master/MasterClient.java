package io.brine.master;

import io.brine.protocol.JobRecord;
import io.brine.protocol.JobSummary;
import io.brine.protocol.MinionReturn;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.function.BiConsumer;

/**
 * Runs jobs on an in-process master. Thread-safe: any number of threads may call, cast and stream at once.
 *
 * <p>Example:
 * <pre>{@code
 * JobRecord r = master.client().call(JobSpec.of("web*", "test.ping"));
 * r.returns().forEach((id, ret) -> System.out.println(id + ": " + ret.ret()));
 * System.out.println("missing: " + r.missing());
 * }</pre>
 */
public final class MasterClient {
    private final JobPublisher publisher;
    private final JobTracker tracker;
    private final TransferStaging staging;
    private final Duration defaultTimeout;
    private final String caller;

    MasterClient(JobPublisher publisher, JobTracker tracker, TransferStaging staging, Duration defaultTimeout,
            String caller) {
        this.publisher = publisher;
        this.tracker = tracker;
        this.staging = staging;
        this.defaultTimeout = defaultTimeout;
        this.caller = caller;
    }

    /** A client whose jobs are recorded as asked by {@code name} (the audit trail's caller). */
    public MasterClient as(String name) {
        return new MasterClient(publisher, tracker, staging, defaultTimeout, name);
    }

    /**
     * Copies files from this host to the minions a target selects ({@code brine cp}): streamed in chunks,
     * SHA-256 checked, written atomically with their mode. {@code dest} is a directory, or the file's new path
     * for a single source. Waits like {@link #call}.
     */
    public JobRecord copy(String target, String targetType, List<java.nio.file.Path> sources, String dest,
            Duration timeout) throws InterruptedException {
        TransferStaging.Staged staged = staging.stage(sources.stream()
                .map(p -> p.toAbsolutePath().toString()).toList());
        LiveJob job;
        try {
            job = publisher.publish(new JobPublisher.Order(target, targetType, ClientService.COPY_FUNCTION,
                    List.of(), java.util.Map.of("files", staged.describe(), "dest", dest),
                    timeout == null ? defaultTimeout : timeout, caller, null, Duration.ZERO), null).job();
            staging.bind(staged, job);
        } catch (RuntimeException e) {
            staging.discard(staged);
            throw e;
        }
        return await(job);
    }

    /** Runs the job and waits until every expected minion returned or the timeout passed. */
    public JobRecord call(JobSpec spec) throws InterruptedException {
        return await(publish(spec, null));
    }

    /** Starts the job and returns its jid at once (fire and forget); look it up later with {@link #job}. */
    public String cast(JobSpec spec) {
        return publish(spec, null).jid();
    }

    /**
     * Like {@link #call}, delivering each return to {@code onReturn} as it arrives, one at a time and all of them
     * before this returns. It runs on a master thread and should be quick: the job's later returns wait for it.
     */
    public JobRecord stream(JobSpec spec, BiConsumer<String, MinionReturn> onReturn) throws InterruptedException {
        return await(publish(spec, (jid, id, ret) -> onReturn.accept(id, ret)));
    }

    public Optional<JobRecord> job(String jid) {
        return tracker.find(jid);
    }

    /** The most recent jobs, newest first. */
    public List<JobSummary> jobs(int limit) {
        return tracker.recent(JobFilter.latest(limit));
    }

    /** Jobs matching a filter, newest first. */
    public List<JobSummary> jobs(JobFilter filter) {
        return tracker.recent(filter);
    }

    /** Stops a running job on every minion still running it; false if it is not running any more. */
    public boolean kill(String jid) {
        return publisher.kill(jid);
    }

    private LiveJob publish(JobSpec spec, LiveJob.Listener listener) {
        Duration timeout = spec.timeout() == null ? defaultTimeout : spec.timeout();
        return publisher.publish(new JobPublisher.Order(spec.target(), spec.targetType(), spec.function(), spec.args(),
                spec.kwargs(), timeout, caller, null, Duration.ZERO), listener).job();
    }

    private static JobRecord await(LiveJob job) throws InterruptedException {
        try {
            return job.done.get();
        } catch (ExecutionException e) {
            throw new IllegalStateException("job " + job.jid() + " failed", e.getCause());
        }
    }
}
