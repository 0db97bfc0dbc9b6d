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
import io.brine.protocol.KeysChanged;
import io.brine.protocol.PublishRequest;
import io.brine.protocol.Published;
import io.brine.protocol.ReturnNotice;
import io.brine.transport.RouterEndpoint;
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
    private final RouterEndpoint endpoint;

    ClientService(JobPublisher publisher, JobTracker tracker, TransferStaging staging, RouterEndpoint endpoint) {
        this.publisher = publisher;
        this.tracker = tracker;
        this.staging = staging;
        this.endpoint = endpoint;
    }

    void handle(Session client, ClientRequest request) {
        try {
            if (request instanceof PublishRequest p) {
                publish(client, p);
            } else if (request instanceof CopyRequest c) {
                copy(client, c);
            } else if (request instanceof JobLookup l) {
                reply(client, tracker.find(l.jid()).<ClientResponse>map(r -> new JobReport(l.requestId(), r))
                        .orElse(new Failure(l.requestId(), "no job with jid " + l.jid())));
            } else if (request instanceof JobListRequest l) {
                reply(client, new JobListing(l.requestId(), tracker.recent(new JobFilter(l.limit(), l.function(),
                        l.target(), l.caller(), l.sinceMillis()))));
            } else if (request instanceof io.brine.protocol.KillRequest k) {
                reply(client, publisher.kill(k.jid()) ? new Done(k.requestId())
                        : new Failure(k.requestId(), "job " + k.jid() + " is not running"));
            } else if (request instanceof KeysChanged k) {
                endpoint.recheckKeys();
                endpoint.sync();
                reply(client, new Done(k.requestId()));
            }
        } catch (IllegalArgumentException e) {
            reply(client, new Failure(request.requestId(), e.getMessage()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            LOG.log(Level.ERROR, "request from " + client + " failed", e);
            reply(client, new Failure(request.requestId(), "master error: " + e.getMessage()));
        }
    }

    private void publish(Session client, PublishRequest p) {
        JobPublisher.Order order = new JobPublisher.Order(p.target(), p.targetType(), p.function(), p.args(),
                p.kwargs(), Duration.ofMillis(p.timeoutMillis()), client.peerId(), p.batch(),
                Duration.ofMillis(p.batchWaitMillis()));
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
    private void copy(Session client, CopyRequest c) {
        TransferStaging.Staged staged = staging.stage(c.sources());
        JobPublisher.Order order = new JobPublisher.Order(c.target(), c.targetType(), COPY_FUNCTION, List.of(),
                Map.of("files", staged.describe(), "dest", c.dest()), Duration.ofMillis(c.timeoutMillis()),
                client.peerId(), null, Duration.ZERO);
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

    private void reply(Session client, ClientResponse response) {
        endpoint.send(client.id(), response);
    }
}
