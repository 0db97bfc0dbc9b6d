package io.brine.client;

import io.brine.client.internal.CallOutcome;
import io.brine.client.internal.MasterSession;
import io.brine.jobs.CallListener;
import io.brine.jobs.Event;
import io.brine.jobs.Job;
import io.brine.jobs.JobReturn;
import io.brine.jobs.JobSpec;
import io.brine.jobs.Publication;
import io.brine.jobs.Subscription;
import io.brine.jobs.internal.JobResults;
import io.brine.jobs.internal.PublishRequests;
import io.brine.jobs.internal.ReturnLog;
import io.brine.protocol.ClientRequest;
import io.brine.protocol.ClientResponse;
import io.brine.protocol.EventNotice;
import io.brine.protocol.EventSubscribe;
import io.brine.protocol.Failure;
import io.brine.protocol.JobReport;
import io.brine.protocol.Published;
import io.brine.protocol.Refused;
import io.brine.protocol.ReturnNotice;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.LongFunction;

/**
 * How {@link BrineClient}'s methods speak to the master over its session: a request and its one answer, a call
 * followed to its end, an event subscription; and how the master's answers become the API's values and
 * {@link ClientException}s (a refusal is the caller's to fix, a failure one on the way).
 */
final class ClientCalls {
    private final MasterSession session;

    ClientCalls(MasterSession session) {
        this.session = session;
    }

    /**
     * Publishes a call ({@code timed}: its timeout set) and follows it: {@code listener} hears it published, its
     * returns and why the call gave up (on the transport thread), and {@code jid}, when given, completes as the
     * master names the job. The caller's own bound is {@code wait}.
     */
    CompletableFuture<Job> follow(JobSpec timed, CallListener listener, CompletableFuture<String> jid, Duration wait) {
        return answered(session.callAsync(PublishRequests.toWire(session.nextRequestId(), timed, false),
                progress -> {
                    if (progress instanceof Published p) {
                        if (jid != null) {
                            jid.complete(p.jid());
                        }
                        listener.published(publication(p));
                    }
                    if (progress instanceof ReturnNotice n) {
                        listener.returned(new JobReturn(n.jid(), n.minionId(), JobResults.result(n.result())));
                    }
                }, wait), listener);
    }

    /**
     * The job a call ends in: whole, or as far as known when the master did not say in time; refusals, requests
     * the master could not take (nothing ran: both the caller's to look at, as {@code brine} exits 2 for them), and a
     * call whose job the master never named, as {@link ClientException}s.
     */
    static CompletableFuture<Job> answered(CompletableFuture<CallOutcome> outcome, CallListener listener) {
        return outcome.thenApply(o -> {
            if (!o.complete()) {
                listener.gaveUp(o.gaveUp());
                if (o.soFar() == null) {
                    throw ClientException.failed(o.gaveUp());
                }
                return JobResults.job(o.soFar(), false);
            }
            if (o.answer() instanceof Refused refused) {
                throw ClientException.setup(refused.message());
            }
            if (o.answer() instanceof Failure failure) {
                throw ClientException.setup(failure.message());
            }
            return JobResults.job(expect(o.answer(), JobReport.class).job());
        });
    }

    /** The job a future ends in, its failures as they were raised (a {@link ClientException} mostly). */
    static Job await(CompletableFuture<Job> job) throws InterruptedException {
        try {
            return job.get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException re ? re : new IllegalStateException(e.getCause());
        }
    }

    /** A listener that keeps each return in {@code log}. */
    static CallListener returnsTo(ReturnLog log) {
        return new CallListener() {
            @Override
            public void returned(JobReturn r) {
                log.add(r);
            }
        };
    }

    static Publication publication(Published p) {
        return new Publication(p.jid(), p.expected(), p.undetermined());
    }

    /** One request and its final answer; a refusal is the caller's to fix, no answer within {@code wait} a failure. */
    ClientResponse ask(LongFunction<ClientRequest> request, Consumer<ClientResponse> progress, Duration wait)
            throws InterruptedException {
        ClientResponse r = session.request(request.apply(session.nextRequestId()), progress, wait);
        if (r == null) {
            throw ClientException.failed("the master did not answer within " + wait.toSeconds() + " s");
        }
        if (r instanceof Refused refused) {
            throw ClientException.setup(refused.message());
        }
        return r;
    }

    /** The answer as the type due, or the master's failure (or surprise) as a {@link ClientException}. */
    static <T extends ClientResponse> T expect(ClientResponse r, Class<T> type) {
        if (type.isInstance(r)) {
            return type.cast(r);
        }
        if (r instanceof Failure f) {
            throw ClientException.failed(f.message());
        }
        throw ClientException.failed("the master answered " + r.getClass().getSimpleName() + " where "
                + type.getSimpleName() + " was due");
    }

    /** Subscribes the session to events matching {@code tagGlob}, confirmed by the master within {@code wait}. */
    Subscription subscribe(String tagGlob, Consumer<Event> consumer, Duration wait) throws InterruptedException {
        long id = session.nextRequestId();
        CompletableFuture<ClientResponse> answered = new CompletableFuture<>();
        session.listen(id, r -> {
            if (r instanceof EventNotice e) {
                consumer.accept(new Event(e.tag(), e.data(), e.timeMillis()));
            } else {
                answered.complete(r);
            }
        });
        session.send(new EventSubscribe(id, tagGlob));
        ClientResponse r;
        try {
            r = answered.get(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            session.stopListening(id);
            throw ClientException.failed("the master did not confirm the subscription within "
                    + wait.toSeconds() + " s");
        }
        if (r instanceof Refused refused) {
            session.stopListening(id);
            throw ClientException.setup(refused.message());
        }
        return () -> session.stopListening(id);
    }
}
