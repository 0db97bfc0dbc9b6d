package io.brine.jobs;

import io.brine.jobs.internal.ReturnLog;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.Flow;

/**
 * A job a client (the embedded {@code MasterClient} or the remote {@code BrineClient}) has published, from the
 * moment it is published: its jid at once, its returns as
 * they arrive, its {@link Job} when it ends, and a way to stop it. Nothing waits on a thread of its own: the
 * result and the returns are completed and delivered by the master as the job's returns, its timeout or the
 * master's stop come.
 *
 * <pre>{@code
 * RunningJob job = master.client().submit(JobSpec.of("db*", "state.apply", "db"));
 * job.returns().subscribe(progressBar);                        // each JobReturn as it comes, then onComplete
 * job.result().orTimeout(10, TimeUnit.MINUTES)
 *         .exceptionally(e -> { job.kill(); return null; });   // giving up on it is not stopping it: kill does
 * }</pre>
 *
 * <p>Cancelling a future {@link #result()} gave, or a subscription to {@link #returns()}, stops that caller's
 * waiting and nothing else (as leaving {@code salt} with Ctrl-C leaves the job running): only {@link #kill()}
 * stops the job.
 */
public final class RunningJob {
    private final String jid;
    private final CompletableFuture<Job> result;
    private final ReturnLog returns;
    private final java.util.function.Predicate<String> kill;

    /**
     * A job a client published (the embedded {@code MasterClient} or the remote {@code BrineClient}), which keeps
     * its returns in {@code returns} and kills with {@code kill}.
     */
    public RunningJob(String jid, CompletableFuture<Job> result, ReturnLog returns,
            java.util.function.Predicate<String> kill) {
        this.jid = jid;
        this.result = result;
        this.returns = returns;
        this.kill = kill;
    }

    /** The job's id, as the client's {@code job} and {@code kill}, and {@code brine job show} know it. */
    public String jid() {
        return jid;
    }

    /**
     * The job when it ends: when every expected minion that could answer returned, or its timeout passed (with a
     * batch, every round), or the master stopped. A new future on each call, so that one caller cancelling or
     * completing its own leaves the others' alone. Stages added without an executor run on the master thread that
     * ended the job: keep them quick, or use the {@code ...Async} forms.
     */
    public CompletableFuture<Job> result() {
        return result.copy();
    }

    /**
     * Each minion's return, in the order the job took them, then {@code onComplete} when the job ends. Every
     * subscriber gets every return, however late it subscribes and however little it requests at a time: the job
     * keeps them (at most one per expected minion). Signals come on the master thread that took a return or on the
     * thread that called {@code request}: keep {@code onNext} quick, or use {@link #returns(Executor)}.
     */
    public Flow.Publisher<JobReturn> returns() {
        return returns.publisher(Runnable::run);
    }

    /** As {@link #returns()}, with every signal sent on {@code deliverOn} (one at a time per subscriber). */
    public Flow.Publisher<JobReturn> returns(Executor deliverOn) {
        return returns.publisher(java.util.Objects.requireNonNull(deliverOn, "deliverOn"));
    }

    /**
     * Stops the job on every minion still running it, as the client's {@code kill}; false if it had ended already.
     *
     * @throws RuntimeException (the master's {@code AccessDeniedException}) if the client that published it may no longer kill it
     */
    public boolean kill() {
        return kill.test(jid);
    }
}
