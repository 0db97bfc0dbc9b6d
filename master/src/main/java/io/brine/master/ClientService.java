package io.brine.master;

import io.brine.jobs.JobFilter;
import io.brine.jobs.JobSpec;
import io.brine.jobs.JobState;
import io.brine.jobs.internal.JobResults;
import io.brine.jobs.internal.PublishRequests;
import io.brine.protocol.CallReport;
import io.brine.protocol.ClientRequest;
import io.brine.protocol.ClientResponse;
import io.brine.protocol.CopyRequest;
import io.brine.protocol.Done;
import io.brine.protocol.Failure;
import io.brine.protocol.JobListRequest;
import io.brine.protocol.JobListing;
import io.brine.protocol.JobLookup;
import io.brine.protocol.JobRecord;
import io.brine.protocol.JobReport;
import io.brine.protocol.KeyRequest;
import io.brine.protocol.KeyResult;
import io.brine.protocol.KeysChanged;
import io.brine.protocol.KillRequest;
import io.brine.protocol.MinionReturn;
import io.brine.protocol.MinionStatusReport;
import io.brine.protocol.MinionStatusRequest;
import io.brine.protocol.NotFound;
import io.brine.protocol.PublishRequest;
import io.brine.protocol.Published;
import io.brine.protocol.Refused;
import io.brine.protocol.ReturnNotice;
import io.brine.targeting.TargetType;
import io.brine.transport.Session;
import java.lang.System.Logger.Level;
import java.lang.System.Logger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Answers requests from authenticated clients (the CLI): a thin adapter from the wire to {@link MasterClient},
 * the front door the library, the REST API and the reactor use too, so a job asked for on the command line is
 * the same job as one asked for in Java. Runs on worker threads, never the I/O thread.
 */
final class ClientService {
    private static final Logger LOG = System.getLogger(ClientService.class.getName());

    private final MasterClient clients;
    private final MasterKeys keys;
    private static final long RECHECK_WAIT_SECONDS = 5;

    ClientService(MasterClient clients, MasterKeys keys) {
        this.clients = clients;
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
        MasterClient caller = clients.as(who);
        try {
            if (request instanceof PublishRequest p) {
                publish(client, caller, p);
            } else if (request instanceof CopyRequest c) {
                answer(client, c.requestId(), listener -> caller.startCopy(c.target(),
                        TargetType.ofCode(c.targetType()), c.sources(), c.dest(), Duration.ofMillis(c.timeoutMillis()),
                        io.brine.jobs.SshOptions.ofCode(c.ssh()), listener));
            } else if (request instanceof io.brine.protocol.UpdateRequest u) {
                answer(client, u.requestId(), listener -> caller.startUpdate(u.target(),
                        TargetType.ofCode(u.targetType()), u.bundle(), u.signature(), u.allowDowngrade(),
                        Duration.ofMillis(u.timeoutMillis()), listener));
            } else if (request instanceof io.brine.protocol.OrchestrateRequest o) {
                answer(client, o.requestId(), listener -> caller.startOrchestrate(o.sls(), o.test(), o.pillar(),
                        Duration.ofMillis(o.timeoutMillis()), listener));
            } else if (request instanceof JobLookup l) {
                reply(client, caller.state(l.jid())
                        .<ClientResponse>map(s -> new JobReport(l.requestId(), JobResults.record(s)))
                        .orElse(new NotFound(l.requestId(), "no job with jid " + l.jid())));
            } else if (request instanceof JobListRequest l) {
                reply(client, new JobListing(l.requestId(), caller.jobs(new JobFilter(l.limit(), l.function(),
                        l.target(), l.caller(), l.sinceMillis(), l.queued())).stream().map(JobResults::summary)
                        .toList()));
            } else if (request instanceof KillRequest k) {
                reply(client, caller.kill(k.jid()) ? new Done(k.requestId())
                        : new NotFound(k.requestId(), "job " + k.jid() + " is not running"));
            } else if (request instanceof KeysChanged k) {
                // Answered once the sessions of those ids know their keys' new status.
                awaitRechecks(keys.as(who).reported(k.changes()));
                reply(client, new Done(k.requestId()));
            } else if (request instanceof KeyRequest k) {
                reply(client, new KeyResult(k.requestId(), KeyActions.apply(keys.as(who), k)));
            } else if (request instanceof MinionStatusRequest s) {
                reply(client, new MinionStatusReport(s.requestId(), keys.as(who).status().stream()
                        .map(m -> new MinionStatusReport.Minion(m.id(), m.up(),
                                m.lastSeen().map(java.time.Instant::toEpochMilli).orElse(MinionStatusReport.NEVER),
                                m.transport().orElse(""), m.version().orElse("")))
                        .toList()));
            }
        } catch (AccessDeniedException | AuditUnavailableException e) {
            // nothing was done; brine exits 2, as for a job refused while the job cache cannot be written
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

    private void publish(Session client, MasterClient caller, PublishRequest p) {
        JobSpec spec = PublishRequests.fromWire(p);
        if (p.async()) {
            JobPublisher.Published out = caller.start(spec, null);
            reply(client, new Published(p.requestId(), out.job().jid(), out.job().snapshot().expected(),
                    out.undetermined(), true));
            return;
        }
        answer(client, p.requestId(), listener -> caller.start(spec, listener));
    }

    /**
     * Publishes a call: the client gets Published, each return as it arrives, then a report of the rest. The
     * returns streamed are named in the report, not sent again; the ids are taken on the job's telling thread,
     * which also completes the job, so the report sees every return streamed before it.
     */
    private void answer(Session client, long requestId,
            Function<LiveJob.Listener, JobPublisher.Published> start) {
        List<String> streamed = Collections.synchronizedList(new ArrayList<>());
        JobPublisher.Published out = start.apply((jid, id, result) -> {
            streamed.add(id);
            reply(client, new ReturnNotice(requestId, jid, id, JobResults.minionReturn(result)));
        });
        reply(client, new Published(requestId, out.job().jid(), out.job().snapshot().expected(),
                out.undetermined(), false));
        out.job().done.thenAccept(record -> {
            // A call the master's stop cut short gets no report: it would read as the job's end. The client sees
            // its session end instead, and follows the job by its jid on the next master.
            if (!out.job().cutShort()) {
                reply(client, report(requestId, record, streamed));
            }
        });
    }

    /** The job less the returns already streamed; a return taken but not yet told is sent here, once. */
    private static CallReport report(long requestId, JobState job, List<String> streamed) {
        JobRecord r = JobResults.record(job);
        List<String> sent;
        synchronized (streamed) {
            sent = List.copyOf(streamed);
        }
        Map<String, MinionReturn> rest = new LinkedHashMap<>(r.returns());
        rest.keySet().removeAll(sent);
        return new CallReport(requestId, r.withReturns(rest), sent);
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
