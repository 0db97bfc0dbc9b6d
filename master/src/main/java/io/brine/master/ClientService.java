package io.brine.master;

import io.brine.protocol.ClientRequest;
import io.brine.protocol.ClientResponse;
import io.brine.protocol.CopyRequest;
import io.brine.protocol.Done;
import io.brine.protocol.Failure;
import io.brine.protocol.JobListRequest;
import io.brine.protocol.JobListing;
import io.brine.protocol.JobLookup;
import io.brine.protocol.JobReport;
import io.brine.protocol.KeyRequest;
import io.brine.protocol.KeyResult;
import io.brine.protocol.KeysChanged;
import io.brine.protocol.Refused;
import io.brine.protocol.PublishRequest;
import io.brine.protocol.Published;
import io.brine.protocol.ReturnNotice;
import io.brine.transport.Session;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** Answers requests from authenticated clients (the CLI). Runs on worker threads, never the I/O thread. */
final class ClientService {
    private static final Logger LOG = System.getLogger(ClientService.class.getName());

    /** The minion function that fetches staged files; only the master publishes it with staged names. */
    static final String COPY_FUNCTION = "cp.recv";

    private final JobPublisher publisher;
    private final JobTracker tracker;
    private final TransferStaging staging;
    private final MasterKeys keys;
    private static final long RECHECK_WAIT_SECONDS = 5;

    ClientService(JobPublisher publisher, JobTracker tracker, TransferStaging staging, MasterKeys keys) {
        this.publisher = publisher;
        this.tracker = tracker;
        this.staging = staging;
        this.keys = keys;
    }

    /**
     * Who a client session is: the local operator's key ({@code clients/local}) is a local caller; any other
     * client key is the named operator it was made for.
     */
    static Principal principal(Session client) {
        return Master.LOCAL_CLIENT.equals(client.peerId())
                ? Principal.local(client.peerId(), client.remoteAddress())
                : Principal.named(client.peerId(), client.remoteAddress());
    }

    void handle(Session client, ClientRequest request) {
        Principal who = principal(client);
        try {
            if (request instanceof PublishRequest p) {
                publish(client, who, p);
            } else if (request instanceof CopyRequest c) {
                copy(client, who, c);
            } else if (request instanceof JobLookup l) {
                reply(client, tracker.find(l.jid())
                        .filter(r -> JobVisibility.mayRead(publisher.access(), who, r.caller()))
                        .<ClientResponse>map(r -> new JobReport(l.requestId(), r))
                        .orElse(new Failure(l.requestId(), "no job with jid " + l.jid())));
            } else if (request instanceof JobListRequest l) {
                JobFilter asked = new JobFilter(l.limit(), l.function(), l.target(), l.caller(), l.sinceMillis(),
                        l.queued());
                reply(client, new JobListing(l.requestId(), JobVisibility.restrict(publisher.access(), who, asked)
                        .map(tracker::recent).orElse(List.of())));
            } else if (request instanceof io.brine.protocol.KillRequest k) {
                reply(client, publisher.kill(who, k.jid()) ? new Done(k.requestId())
                        : new Failure(k.requestId(), "job " + k.jid() + " is not running"));
            } else if (request instanceof KeysChanged k) {
                // Answered once the sessions of those ids know their keys' new status.
                awaitRechecks(keys.as(who).reported(k.changes()));
                reply(client, new Done(k.requestId()));
            } else if (request instanceof KeyRequest k) {
                reply(client, new KeyResult(k.requestId(), KeyActions.apply(keys.as(who), k)));
            }
        } catch (AccessDeniedException e) {
            reply(client, new Refused(request.requestId(), e.getMessage()));
        } catch (IllegalArgumentException e) {
            reply(client, new Failure(request.requestId(), e.getMessage()));
        } catch (IllegalStateException e) {
            // the master cannot take the request now (its job cache fails): said plainly, no stack trace
            reply(client, new Failure(request.requestId(), e.getMessage()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            LOG.log(Level.ERROR, "request from " + client + " failed", e);
            reply(client, new Failure(request.requestId(), "master error: " + e.getMessage()));
        }
    }

    private void publish(Session client, Principal who, PublishRequest p) {
        JobPublisher.Order order = new JobPublisher.Order(p.target(), p.targetType(), p.function(), p.args(),
                p.kwargs(), Duration.ofMillis(p.timeoutMillis()), who, p.batch(),
                Duration.ofMillis(p.batchWaitMillis()), p.queueMillis() > 0 ? Duration.ofMillis(p.queueMillis()) : null);
        if (p.async()) {
            JobPublisher.Published out = publisher.publish(order, null);
            reply(client, new Published(p.requestId(), out.job().jid(), out.job().snapshot().expected(),
                    out.undetermined(), true));
            return;
        }
        answer(client, p.requestId(), order, job -> { });
    }

    /**
     * Stages the sources for one job whose minions fetch them ({@code cp.recv}); answered like a call. The
     * staging ends with the job, so the names it hands out are worthless afterwards.
     */
    private void copy(Session client, Principal who, CopyRequest c) {
        TransferStaging.Staged staged = staging.stage(c.sources());
        JobPublisher.Order order = new JobPublisher.Order(c.target(), c.targetType(), COPY_FUNCTION, List.of(),
                Map.of("files", staged.describe(), "dest", c.dest()), Duration.ofMillis(c.timeoutMillis()),
                who, null, Duration.ZERO);
        try {
            answer(client, c.requestId(), order, job -> staging.bind(staged, job));
        } catch (RuntimeException e) {
            staging.discard(staged);
            throw e;
        }
    }

    /** Publishes a call: the client gets Published, each return as it arrives, then the report. */
    private void answer(Session client, long requestId, JobPublisher.Order order,
            java.util.function.Consumer<LiveJob> published) {
        JobPublisher.Published out = publisher.publish(order,
                (jid, id, result) -> reply(client, new ReturnNotice(requestId, jid, id, result)));
        published.accept(out.job());
        reply(client, new Published(requestId, out.job().jid(), out.job().snapshot().expected(),
                out.undetermined(), false));
        out.job().done.thenAccept(record -> reply(client, new JobReport(requestId, record)));
    }

    /** Waits for the sessions of changed keys to be told, a few seconds at most: a slow check still happens. */
    private static void awaitRechecks(java.util.concurrent.CompletableFuture<Void> rechecks)
            throws InterruptedException {
        try {
            rechecks.get(RECHECK_WAIT_SECONDS, java.util.concurrent.TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            LOG.log(Level.WARNING, "key changes reported; their sessions are still being checked: " + e);
        }
    }

    private void reply(Session client, ClientResponse response) {
        client.send(response);
    }
}
