package io.brine.minion;

import io.brine.protocol.JobRequest;
import io.brine.protocol.JobReturn;
import io.brine.protocol.KeyStatus;
import io.brine.protocol.Message;
import io.brine.protocol.SessionLimits;
import io.brine.transport.DealerCounters;
import io.brine.transport.DealerEndpoint;
import io.brine.transport.DealerListener;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * The minion's sessions with its masters: one session (a single master, or {@code master_type: failover}, which
 * moves one session from master to master), or one per master at once (Salt's hot-hot multi-master). With several,
 * a job is taken from whichever master publishes it and its return goes back on that job's session, so the caller
 * waiting on that master hears it; when that session is down the return goes to a master that is connected (the
 * masters of a cluster share their job cache, so it is recorded). Everything else the minion says (grains, events,
 * questions for files or pillar) goes on the first accepted session: a cluster passes events on to every master, so
 * one copy is enough.
 *
 * <pre>{@code
 * MasterSessions sessions = new MasterSessions(List.of(a, b));
 * sessions.start(i -> listenerFor(i));   // each listener calls tookJob(i, job) for the jobs it is given
 * sessions.send(jobReturn);              // to the session its job came from
 * }</pre>
 */
final class MasterSessions implements AutoCloseable {
    /** Jobs whose session is remembered, the latest this many: more than a minion runs and keeps unreturned. */
    static final int REMEMBERED_ORIGINS = 4_096;

    private final List<DealerEndpoint> endpoints;
    /** jid -> the index of the session it came on; only with several sessions. */
    private final Map<String, Integer> origins = new LinkedHashMap<>(64, 0.75f, false) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Integer> eldest) {
            return size() > REMEMBERED_ORIGINS;
        }
    };
    /** The limits each session's master gave, null until it did. */
    private final SessionLimits[] limits;
    /**
     * 1 while session i is up and accepted, from its listener ({@link #up}, {@link #down}): a key status stays
     * ACCEPTED after the connection is lost, and a return sent to a dead master would wait for it for ever.
     */
    private final AtomicIntegerArray up;

    MasterSessions(List<DealerEndpoint> endpoints) {
        if (endpoints.isEmpty()) {
            throw new IllegalArgumentException("no master session");
        }
        this.endpoints = List.copyOf(endpoints);
        this.limits = new SessionLimits[endpoints.size()];
        this.up = new AtomicIntegerArray(endpoints.size());
    }

    /** One session for {@code addresses} taken in turn (one master, or failover), or one per address (hot-hot). */
    static MasterSessions open(List<String> addresses, boolean hotHot, Function<List<String>, DealerEndpoint> dealer) {
        if (!hotHot) {
            return new MasterSessions(List.of(dealer.apply(addresses)));
        }
        List<DealerEndpoint> each = new ArrayList<>();
        for (String address : addresses) {
            each.add(dealer.apply(List.of(address)));
        }
        return new MasterSessions(each);
    }

    /** Starts every session; session {@code i} is heard by {@code listeners.apply(i)}. */
    void start(IntFunction<DealerListener> listeners) {
        for (int i = 0; i < endpoints.size(); i++) {
            endpoints.get(i).start(listeners.apply(i));
        }
    }

    int size() {
        return endpoints.size();
    }

    /** Session {@code session}'s master accepted this minion on a new session. */
    void up(int session) {
        up.set(session, 1);
    }

    /**
     * Session {@code session} ended (a new one is being attempted); true if it was up and another session is: what
     * went to its master unacknowledged should go again on that one.
     */
    boolean down(int session) {
        return up.getAndSet(session, 0) == 1 && accepted() > 0;
    }

    /** Remembers that {@code job} came on session {@code session}, for its return. */
    void tookJob(int session, JobRequest job) {
        if (endpoints.size() > 1) {
            synchronized (origins) {
                origins.put(job.jid(), session);
            }
        }
    }

    /** A return to its job's session (or, that one being down, to one that is up); anything else to the first up. */
    void send(Message message) {
        if (endpoints.size() == 1) {
            endpoints.get(0).send(message);
            return;
        }
        Integer origin = null;
        if (message instanceof JobReturn r) {
            synchronized (origins) {
                origin = origins.get(r.jid());
            }
        }
        if (origin != null && up.get(origin) == 1) {
            endpoints.get(origin).send(message);
            return;
        }
        primary(origin).send(message);
    }

    /** On session {@code session} (what its master alone must hear: the grains when it accepted this minion). */
    void sendOn(int session, Message message) {
        endpoints.get(session).send(message);
    }

    /** On every session (what every master must hear: fresh grains). */
    void sendToAll(Message message) {
        endpoints.forEach(e -> e.send(message));
    }

    /** The first session up; with none, {@code preferred} (or the first), which holds it until it is up. */
    private DealerEndpoint primary(Integer preferred) {
        for (int i = 0; i < endpoints.size(); i++) {
            if (up.get(i) == 1) {
                return endpoints.get(i);
            }
        }
        return endpoints.get(preferred != null ? preferred : 0);
    }

    /**
     * What session {@code session}'s master takes; returns the limits every return must fit, the tightest that any
     * session's master gave (a return may be resent on another session), with what this master just refused.
     */
    SessionLimits limits(int session, SessionLimits told) {
        synchronized (limits) {
            limits[session] = told;
            int frame = told.maxFrameSize();
            int ret = told.maxReturnSize();
            for (SessionLimits l : limits) {
                if (l != null) {
                    frame = Math.min(frame, l.maxFrameSize());
                    ret = Math.min(ret, l.maxReturnSize());
                }
            }
            return new SessionLimits(frame, ret, told.refusedBytes());
        }
    }

    /** Hands a received file chunk's buffer back (to the first session's pool: buffers are alike). */
    void recycle(ByteBuffer data) {
        endpoints.get(0).recycle(data);
    }

    /** ACCEPTED when some master accepted this minion; otherwise the first session's answer (null before one). */
    KeyStatus status() {
        for (DealerEndpoint e : endpoints) {
            if (e.status() == KeyStatus.ACCEPTED) {
                return KeyStatus.ACCEPTED;
            }
        }
        return endpoints.get(0).status();
    }

    /** How many sessions are up and accepted now. */
    int accepted() {
        int n = 0;
        for (int i = 0; i < endpoints.size(); i++) {
            n += up.get(i);
        }
        return n;
    }

    /** Waits until every session's master has answered once (or the time is up); returns {@link #status()}. */
    KeyStatus awaitStatus(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        for (DealerEndpoint e : endpoints) {
            long left = deadline - System.nanoTime();
            if (left <= 0 || e.awaitStatus(Duration.ofNanos(left)) == null) {
                break;
            }
        }
        return status();
    }

    /** What the sessions dropped, by reason, summed. */
    DealerCounters counters() {
        return endpoints.size() == 1 ? endpoints.get(0).counters()
                : DealerCounters.sum(endpoints.stream().map(DealerEndpoint::counters).toList());
    }

    @Override
    public void close() {
        endpoints.forEach(DealerEndpoint::close);
    }
}
