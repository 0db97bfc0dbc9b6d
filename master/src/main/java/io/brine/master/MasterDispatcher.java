package io.brine.master;

import io.brine.jobs.internal.JobResults;
import io.brine.protocol.ClientRequest;
import io.brine.protocol.EventPost;
import io.brine.protocol.JobAck;
import io.brine.protocol.JobReturn;
import io.brine.protocol.Message;
import io.brine.protocol.MinionRequest;
import io.brine.protocol.Role;
import io.brine.transport.Counters;
import io.brine.transport.RouterListener;
import io.brine.transport.Session;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.concurrent.atomic.LongAdder;

/**
 * The last links of the inbound chain. The transport has already checked the frame, found the session, opened
 * the frame (key and nonce), decoded it and admitted it (an accepted key; see {@code RouterInbound}); here each
 * message is authorised by role — minions may only acknowledge and return jobs, report grains, post events,
 * fetch files, push files and ask for their pillar; clients may only make requests — and then dispatched. What a
 * minion's messages may make the master hold is bounded here too: its requests and events by {@link RequestWindow},
 * its grains reports to the latest one waiting ({@link GrainsReports}).
 * Anything else is counted in the transport's counters ({@code ROLE_NOT_ALLOWED}) and logged, never acted on.
 */
final class MasterDispatcher implements RouterListener {
    private static final Logger LOG = System.getLogger(MasterDispatcher.class.getName());
    /** At most a line a second for what minions send in loops (oversize returns, refused messages). */
    private final io.brine.transport.DropLog drops = new io.brine.transport.DropLog(LOG);

    private final MinionSessions sessions;
    private final JobTracker tracker;
    private final MinionFactsCache facts;
    private final EventBus events;
    private final MasterWorkers workers;
    private final ClientService clients;
    private final MinionService minions;
    private final EventService eventService;
    private final ReturnAcks acks;
    /** Files the jobs minions ran by themselves. */
    private final MinionJobs minionJobs;
    /** Jobs across the cluster's masters; null without a cluster. */
    private final ClusterRoutes routes;
    private final Counters counters;
    /** Returns over {@code max_return_size}, recorded as failed returns that say so. */
    final LongAdder oversizeReturns = new LongAdder();
    private final int maxReturnSize;
    /** What an accepted minion is told it may send: every return cut to fit before it goes. */
    private final io.brine.protocol.SessionLimits limits;
    private final RequestWindow window = new RequestWindow(RequestWindow.PER_MINION_BYTES, RequestWindow.TOTAL_BYTES);

    private final GrainsReports grains;
    private final DeliveryQueue deliveries;

    /** The services messages are dispatched to, once authorised. */
    /** {@code routes}: jobs across a cluster's masters, or null for a master on its own. */
    record Services(ClientService clients, MinionService minions, EventService events, ReturnAcks acks,
            ClusterRoutes routes, MinionJobs minionJobs) {
    }

    MasterDispatcher(MinionSessions sessions, JobTracker tracker, MinionFactsCache facts, EventBus events,
            MasterWorkers workers, io.brine.protocol.SessionLimits limits, DeclaredFunctions declared,
            DeliveryQueue deliveries, Services services, Counters counters) {
        this.limits = limits;
        int maxReturnSize = limits.maxReturnSize();
        this.clients = services.clients();
        this.minions = services.minions();
        this.eventService = services.events();
        this.acks = services.acks();
        this.routes = services.routes();
        this.minionJobs = services.minionJobs();
        this.counters = counters;
        this.grains = new GrainsReports(declared, facts, workers.background());
        this.deliveries = deliveries;
        this.maxReturnSize = maxReturnSize;
        this.sessions = sessions;
        this.tracker = tracker;
        this.facts = facts;
        this.events = events;
        this.workers = workers;
    }

    /**
     * A notice of the cluster's queued deliveries ({@link DeliveryQueue#noticed}), handled in the background lane:
     * the listener's thread only hands it on.
     */
    void queuedNotice(String notice) {
        workers.background().execute(() -> deliveries.noticed(notice, this::sender,
                notice == null ? sessions.connectedIds() : java.util.Set.of()));
    }

    /** What sends a queued job to {@code id} on its session here, if it has one. */
    private java.util.Optional<java.util.function.BiConsumer<String, io.brine.protocol.JobRequest>> sender(String id) {
        return sessions.get(id).map(session -> (minion, request) -> minions.deliver(session, request));
    }

    /** Messages refused for their sender's role since the start. */
    long unauthorised() {
        return counters.dropped(Counters.Drop.ROLE_NOT_ALLOWED);
    }

    @Override
    public void onSession(Session session) {
        if (session.role() == Role.MINION) {
            session.send(limits); // before anything else it hears: every return it sends from now on fits
            sessions.connected(session);
            if (routes != null) {
                routes.connected(session.peerId()); // other masters' jobs for it come here now
            }
            LOG.log(Level.INFO, "minion " + session.peerId() + " connected");
            String id = session.peerId();
            // Both in the background lane: a fleet reconnecting brings a thousand of each, and callers' work goes first.
            workers.background().execute(() -> events.publish("brine/minion/" + id + "/start",
                    java.util.Map.of("id", id)));
            // Jobs queued for it while it was away (--queue) go now, on this session.
            workers.background().execute(() -> deliveries.connected(id,
                    (minion, request) -> minions.deliver(session, request)));
            if (routes != null) {
                // jobs routed to it through a master it has left (failover) and never answered come here now
                workers.background().execute(() -> tracker.unanswered(id, System.currentTimeMillis())
                        .forEach(request -> minions.deliver(session, request)));
            }
        }
    }

    @Override
    public void onMessage(Session session, Message message, int frameBytes) {
        if (message instanceof io.brine.protocol.ScheduledReturn job && session.role() == Role.MINION
                && frameBytes > maxReturnSize) {
            oversizeReturns.increment();
            drops.drop("return of scheduled job " + job.ret().jid() + " from " + session.peerId() + " is "
                    + frameBytes + " bytes, over max_return_size " + maxReturnSize + "; recorded as failed");
            io.brine.protocol.MinionReturn r = job.ret().result();
            onMessage(session, job.withReturn(new JobReturn(job.ret().jid(), io.brine.protocol.MinionReturn.failed(1,
                    "return too large: " + frameBytes + " bytes, over the master's max_return_size of "
                    + maxReturnSize + " bytes; not kept", r.startMillis(), r.endMillis()))));
            return;
        }
        if (message instanceof JobReturn ret && session.role() == Role.MINION && frameBytes > maxReturnSize) {
            // Kept as a failed return that says why, so the caller learns what happened instead of waiting.
            oversizeReturns.increment();
            drops.drop("return of job " + ret.jid() + " from " + session.peerId() + " is " + frameBytes
                    + " bytes, over max_return_size " + maxReturnSize + "; recorded as failed");
            io.brine.protocol.MinionReturn r = ret.result();
            onMessage(session, new JobReturn(ret.jid(), io.brine.protocol.MinionReturn.failed(1, "return too large: " + frameBytes
                    + " bytes, over the master's max_return_size of " + maxReturnSize + " bytes; not kept",
                    r.startMillis(), r.endMillis())));
            return;
        }
        if (message instanceof MinionRequest request && session.role() == Role.MINION) {
            fromMinion(session, request, frameBytes);
            return;
        }
        if (message instanceof EventPost post && session.role() == Role.MINION) {
            posted(session, post, frameBytes);
            return;
        }
        onMessage(session, message);
    }

    /**
     * An event waits for a worker inside the window too, charged its frame and what its data takes in memory: a
     * minion posting faster than events are published has the rest dropped and counted, not queued without end.
     */
    private void posted(Session session, EventPost post, int frameBytes) {
        long cost = frameBytes + ApproximateSize.of(post.data());
        if (!window.tryAcquire(session.id(), cost)) {
            drops.drop("event " + post.tag() + " from " + session.peerId() + " dropped: the master is holding too "
                    + "much for this minion");
            return;
        }
        workers.execute(() -> {
            try {
                eventService.posted(session, post);
            } finally {
                window.release(session.id(), cost);
            }
        });
    }

    /** Requests that read files or hold data are admitted through the window, and released once answered. */
    private void fromMinion(Session session, MinionRequest request, int frameBytes) {
        long cost = frameBytes + (request instanceof io.brine.protocol.FileRequest f
                ? Math.min(Math.max(f.maxLength(), 0), FileServer.MAX_SERVED_CHUNK)
                // a listing holds at most one served chunk's worth of entries while it is built and sent
                : request instanceof io.brine.protocol.FileListRequest ? FileServer.MAX_SERVED_CHUNK
                // a mine answer holds the values of many minions while it is built and sent
                : request instanceof io.brine.protocol.MineRequest ? FileServer.MAX_SERVED_CHUNK : 0);
        if (!window.tryAcquire(session.id(), cost)) {
            minions.refuse(session, request, "the master is holding too much for this minion's requests; "
                    + "ask again when earlier ones are answered");
            return;
        }
        if (request instanceof io.brine.protocol.PillarRequest) {
            facts.pillarChanged(session.peerId());
        }
        workers.execute(() -> minions.handle(session, request, () -> window.release(session.id(), cost)));
    }

    /** Requests refused by the window since the start. */
    long windowRefusals() {
        return window.refused.sum();
    }

    @Override
    public void onMessage(Session session, Message message) {
        if (session.role() == Role.MINION) {
            fromMinion(session, message);
        } else if (message instanceof io.brine.protocol.EventSubscribe subscribe) {
            eventService.subscribe(session, subscribe);
        } else if (message instanceof ClientRequest request) {
            workers.execute(() -> clients.handle(session, request));
        } else {
            refuse(session, message);
        }
    }

    private void fromMinion(Session session, Message message) {
        if (routes != null && (message instanceof JobAck || message instanceof JobReturn)) {
            // a reply to a job another master published goes back to it; acknowledged once that is safe
            String jid = message instanceof JobAck a ? a.jid() : ((JobReturn) message).jid();
            if (routes.relay(session.peerId(), message, message instanceof JobReturn
                    ? () -> acks.stored(session, jid) : () -> { })) {
                return;
            }
        }
        if (message instanceof JobAck ack) {
            tracker.acknowledged(session.peerId(), ack.jid());
            deliveries.done(ack.jid(), session.peerId());
        } else if (message instanceof MinionRequest request) {
            fromMinion(session, request, 0);
        } else if (message instanceof EventPost post) {
            posted(session, post, 0);
        } else if (message instanceof io.brine.protocol.GrainsReport report) {
            grains.reported(session.peerId(), report);
        } else if (message instanceof io.brine.protocol.ScheduledReturn job) {
            // filed, then acknowledged with the minion's own jid, which is what its spool knows it by
            workers.execute(() -> minionJobs.returned(session.peerId(), job,
                    () -> acks.stored(session, job.ret().jid())));
        } else if (message instanceof JobReturn ret) {
            // The cache lookup for a late return may touch disk: keep it off the I/O thread.
            // Acknowledged once stored, so the minion can forget it; until then it keeps it and sends it again.
            workers.execute(() -> {
                tracker.returned(session.peerId(), ret.jid(), JobResults.result(ret.result()),
                        () -> acks.stored(session, ret.jid()));
                deliveries.done(ret.jid(), session.peerId());
            });
        } else {
            refuse(session, message);
        }
    }

    private void refuse(Session session, Message message) {
        counters.drop(Counters.Drop.ROLE_NOT_ALLOWED);
        drops.drop(message.getClass().getSimpleName() + " from " + session + ": not allowed for its role");
    }

    /**
     * A minion's frame was too large to read (the transport read past it): the minion is told the limits and how large
     * the frame was, and sends that return again cut to fit, or as a failed return saying why.
     */
    @Override
    public void onFrameRefused(Session session, long frameBytes) {
        oversizeReturns.increment();
        drops.drop("a frame of " + frameBytes + " bytes from " + session.peerId() + " is over max_frame_size "
                + limits.maxFrameSize() + "; the minion is told to cut it to fit");
        session.send(new io.brine.protocol.SessionLimits(limits.maxFrameSize(), limits.maxReturnSize(), frameBytes));
    }

    @Override
    public void onClosed(Session session, String reason) {
        if (session.role() == Role.CLIENT) {
            eventService.closed(session);
        }
        if (session.role() == Role.MINION) {
            window.closed(session.id());
            sessions.closed(session);
            // Calls waiting on it end now rather than at their timeout, unless it has another session already.
            String id = session.peerId();
            workers.execute(() -> {
                if (sessions.get(id).isEmpty()) {
                    tracker.minionGone(id);
                    if (routes != null) {
                        routes.disconnected(id);
                    }
                }
            });
            LOG.log(Level.INFO, "minion " + session.peerId() + " disconnected: " + reason);
        }
    }
}
