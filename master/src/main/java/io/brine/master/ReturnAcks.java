package io.brine.master;

import io.brine.protocol.ReturnAck;
import io.brine.transport.Session;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Tells minions which of their returns are stored, gathered: the job cache commits returns in batches, and the
 * acknowledgements of one batch leave as one {@link ReturnAck} per minion session rather than one per return
 * (at 10 minions answering 40,000 jobs a second, one each cost a quarter of the throughput).
 */
final class ReturnAcks {
    /** How long acknowledgements gather before they go: a commit's worth arrive together. */
    static final long GATHER_MILLIS = 2;

    private record Ack(Session session, String jid) {
    }

    private final ScheduledExecutorService timer;
    private final ConcurrentLinkedQueue<Ack> queued = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean scheduled = new AtomicBoolean();

    ReturnAcks(ScheduledExecutorService timer) {
        this.timer = timer;
    }

    /** The return of {@code jid} from the minion on {@code session} is stored. Thread-safe, quick. */
    void stored(Session session, String jid) {
        queued.add(new Ack(session, jid));
        if (scheduled.compareAndSet(false, true)) {
            try {
                timer.schedule(this::send, GATHER_MILLIS, TimeUnit.MILLISECONDS);
            } catch (RejectedExecutionException closing) {
                // The master is closing: its timer stops before the job cache writes its last batch, and no
                // acknowledgement could leave its closed endpoint anyway. The minion keeps an unacknowledged
                // return until a master has it stored (Master#close).
                queued.clear();
            }
        }
    }

    private void send() {
        scheduled.set(false);
        Map<Session, List<String>> bySession = new LinkedHashMap<>();
        for (Ack a = queued.poll(); a != null; a = queued.poll()) {
            List<String> jids = bySession.computeIfAbsent(a.session(), s -> new ArrayList<>());
            jids.add(a.jid());
            if (jids.size() == ReturnAck.MAX_JIDS) {
                a.session().send(new ReturnAck(jids));
                bySession.remove(a.session());
            }
        }
        bySession.forEach((session, jids) -> session.send(new ReturnAck(jids)));
        if (!queued.isEmpty() && scheduled.compareAndSet(false, true)) {
            timer.schedule(this::send, GATHER_MILLIS, TimeUnit.MILLISECONDS);
        }
    }
}
