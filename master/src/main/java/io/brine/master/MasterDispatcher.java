package io.brine.master;

import io.brine.protocol.ClientRequest;
import io.brine.protocol.JobAck;
import io.brine.protocol.JobReturn;
import io.brine.protocol.Message;
import io.brine.protocol.MinionRequest;
import io.brine.protocol.Role;
import io.brine.transport.RouterListener;
import io.brine.transport.Session;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.LongAdder;

/**
 * The last links of the inbound chain. The transport has already decoded, authenticated (the session's
 * key) and checked freshness (the nonce); here each message is authorised by role — minions may only
 * acknowledge and return jobs, report grains, post events, fetch files, push files and ask for their pillar;
 * clients may only make requests — and then dispatched. Anything else is
 * counted and logged, never acted on.
 */
final class MasterDispatcher implements RouterListener {
    private static final Logger LOG = System.getLogger(MasterDispatcher.class.getName());

    private final MinionSessions sessions;
    private final JobTracker tracker;
    private final MinionFactsCache facts;
    private final EventBus events;
    private final ExecutorService workers;
    private volatile ClientService clients;
    private volatile MinionService minions;
    private volatile EventService eventService;
    final LongAdder unauthorised = new LongAdder();

    MasterDispatcher(MinionSessions sessions, JobTracker tracker, MinionFactsCache facts, EventBus events,
            ExecutorService workers) {
        this.sessions = sessions;
        this.tracker = tracker;
        this.facts = facts;
        this.events = events;
        this.workers = workers;
    }

    /** The client service needs the endpoint, which needs this dispatcher: so it is attached afterwards. */
    void attach(ClientService clientService, MinionService minionService, EventService events) {
        this.clients = clientService;
        this.minions = minionService;
        this.eventService = events;
    }

    @Override
    public void onSession(Session session) {
        if (session.role() == Role.MINION) {
            sessions.connected(session);
            LOG.log(Level.INFO, "minion " + session.peerId() + " connected");
            String id = session.peerId();
            workers.execute(() -> events.publish("brine/minion/" + id + "/start", java.util.Map.of("id", id)));
        }
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
        if (message instanceof JobAck ack) {
            tracker.acknowledged(session.peerId(), ack.jid());
        } else if (message instanceof MinionRequest request) {
            if (request instanceof io.brine.protocol.PillarRequest) {
                facts.pillarChanged(session.peerId());
            }
            workers.execute(() -> minions.handle(session, request));
        } else if (message instanceof io.brine.protocol.EventPost post) {
            workers.execute(() -> eventService.posted(session, post));
        } else if (message instanceof io.brine.protocol.GrainsReport report) {
            workers.execute(() -> facts.grainsReported(session.peerId(), report.grains()));
        } else if (message instanceof JobReturn ret) {
            // The cache lookup for a late return may touch disk: keep it off the I/O thread.
            workers.execute(() -> tracker.returned(session.peerId(), ret.jid(), ret.result()));
        } else {
            refuse(session, message);
        }
    }

    private void refuse(Session session, Message message) {
        unauthorised.increment();
        LOG.log(Level.WARNING, "refused " + message.getClass().getSimpleName() + " from " + session
                + ": not allowed for its role");
    }

    @Override
    public void onClosed(Session session, String reason) {
        if (session.role() == Role.CLIENT) {
            eventService.closed(session);
        }
        if (session.role() == Role.MINION) {
            sessions.closed(session);
            LOG.log(Level.INFO, "minion " + session.peerId() + " disconnected: " + reason);
        }
    }
}
