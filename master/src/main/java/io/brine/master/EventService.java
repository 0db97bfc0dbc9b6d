package io.brine.master;

import io.brine.jobs.Subscription;
import io.brine.protocol.EventNotice;
import io.brine.protocol.EventPost;
import io.brine.protocol.EventSubscribe;
import io.brine.transport.Session;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Connects the event bus to the wire: events posted by minions are filed under the poster's own
 * authenticated id ({@code brine/minion/ID/event/TAG}), so no minion can speak for another or for the
 * master; clients that subscribe get matching events streamed until their session ends.
 */
final class EventService {
    private final EventBus events;
    private final Map<Long, Subscription> subscriptions = new ConcurrentHashMap<>();
    private final AccessPolicy access;

    /** What else becomes of an event a minion posted: shared with a cluster's other masters, or nothing. */
    private final java.util.function.Consumer<io.brine.jobs.Event> shared;

    EventService(EventBus events, AccessPolicy access) {
        this(events, access, e -> { });
    }

    EventService(EventBus events, AccessPolicy access, java.util.function.Consumer<io.brine.jobs.Event> shared) {
        this.events = events;
        this.access = access;
        this.shared = shared;
    }

    void posted(Session minion, EventPost post) {
        String tag = "brine/minion/" + minion.peerId() + "/event/" + post.tag();
        long now = System.currentTimeMillis();
        events.publish(tag, post.data());
        shared.accept(new io.brine.jobs.Event(tag, post.data(), now));
    }

    /**
     * Streams events to a client holding {@code @events} (the local operator always does, unless ACL'd): those
     * {@link EventVisibility} lets it see.
     */
    void subscribe(Session client, EventSubscribe request) {
        Principal who = ClientService.principal(client);
        if (!access.holds(who, "@events")) {
            client.send(new io.brine.protocol.Refused(request.requestId(), "'" + who.name()
                    + "' may not watch events (needs @events)"));
            return;
        }
        Subscription old = subscriptions.put(client.id(), events.subscribe(request.tagGlob(), e -> {
            if (EventVisibility.mayWatch(access, who, e)) {
                client.send(new EventNotice(request.requestId(), e.tag(), e.data(), e.timeMillis()));
            }
        }));
        if (old != null) {
            old.close();
        }
        // said once the subscription is in place, so a client can know that every later event reaches it
        client.send(new io.brine.protocol.Done(request.requestId()));
    }

    void closed(Session client) {
        Subscription s = subscriptions.remove(client.id());
        if (s != null) {
            s.close();
        }
    }
}
