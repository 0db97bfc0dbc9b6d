package io.brine.minion;

import io.brine.protocol.JobReturn;
import io.brine.protocol.Message;
import io.brine.protocol.MessageCodec;
import io.brine.protocol.ScheduledReturn;
import io.brine.protocol.SessionLimits;
import java.util.List;
import java.util.function.Consumer;

/**
 * Gets every return to the master, and never wedges the minion on one the master cannot take. Each return is cut to
 * fit the smaller of this minion's {@code max_return_size} and the limits the master gave this session
 * ({@link SessionLimits}), kept in the {@link ReturnSpool} until the master acknowledges it, and sent again after
 * every reconnect (cut to the new master's limits). A frame the master still refused as too large (its limits were
 * not known yet when it went, say) is cut and sent again at once; a return that keeps failing
 * ({@link DeliveryAttempts}) is set aside on disk, counted and logged, instead of being resent in a loop.
 *
 * <pre>{@code
 * sender.onLimits(SessionLimits.of(2 << 20, 4 << 20));   // from the master, when a session is accepted
 * sender.returned(new JobReturn(jid, result), 0);       // cut to 2 MiB, spooled, sent
 * }</pre>
 */
final class ReturnSender implements ReturnSink {
    /** How many times a return may fail before it is set aside. */
    static final int MAX_FAILURES = 5;

    private final int maxReturnSize;
    private final ReturnSpool spool;
    private final Consumer<Message> send;
    private final DeliveryAttempts attempts = new DeliveryAttempts(MAX_FAILURES);
    /** What the master last said it takes; null until a master has said. */
    private volatile SessionLimits limits;

    ReturnSender(int maxReturnSize, ReturnSpool spool, Consumer<Message> send) {
        this.maxReturnSize = maxReturnSize;
        this.spool = spool;
        this.send = send;
    }

    @Override
    public void returned(JobReturn ret, long uncutBytes) {
        JobReturn fit = cap().apply(ret, uncutBytes);
        spool.keep(fit);
        transmit(fit);
    }

    /** The return of a job this minion ran by itself ({@code schedule}): sent with what the job was. */
    void returned(ScheduledReturn job, long uncutBytes) {
        JobReturn fit = cap().apply(job.ret(), uncutBytes);
        spool.keep(job.withReturn(fit));
        transmit(fit);
    }

    @Override
    public void running(String jid, String function) {
        spool.running(jid, function);
    }

    /** A new session: whatever the last one may have lost goes again; the master stores each once. */
    int resendAll() {
        List<JobReturn> again = spool.unacknowledged();
        again.forEach(this::resend);
        return again.size();
    }

    /** Returns unacknowledged for {@code waitedMillis}, sent again for a master that took one but could not store it. */
    void resendStale(long waitedMillis) {
        spool.unacknowledgedFor(waitedMillis).forEach(this::resend);
    }

    /**
     * The master's limits, at the start of a session and after it refused a frame: every unacknowledged return too
     * large for them is cut and sent again (counted as a failure when a frame was refused), or set aside once it has
     * failed too often.
     */
    void onLimits(SessionLimits told) {
        this.limits = told;
        if (told.refusedBytes() == 0) {
            return; // nothing was refused: returns already sent fit, or will be refused and told of
        }
        for (JobReturn r : spool.unacknowledged()) {
            if (MessageCodec.encode(spool.wire(r)).length + ReturnCap.FRAME_OVERHEAD > told.maxFrameSize()) {
                if (attempts.refused(r.jid())) {
                    setAside(r, "the master refused it as too large " + MAX_FAILURES + " times");
                } else {
                    resend(r);
                }
            }
        }
    }

    /** The master has stored these returns: forgotten, and any return it passed over counted. */
    void acknowledged(List<String> jids) {
        for (String jid : jids) {
            spool.acknowledged(jid);
            for (String passedOver : attempts.acknowledged(jid)) {
                spool.find(passedOver).ifPresent(r -> setAside(r, "the master acknowledged later returns but not "
                        + "this one, " + MAX_FAILURES + " times"));
            }
        }
    }

    private void resend(JobReturn r) {
        JobReturn fit = cap().apply(r);
        if (fit != r) {
            spool.keep(fit); // what is kept is what was sent: a later resend need not cut it again
        }
        transmit(fit);
    }

    private void transmit(JobReturn r) {
        attempts.sent(r.jid());
        send.accept(spool.wire(r));
    }

    private void setAside(JobReturn r, String why) {
        attempts.forget(r.jid());
        spool.setAside(r, why);
    }

    /** The cap for this session: this minion's own, or the master's when that is smaller. */
    private ReturnCap cap() {
        SessionLimits l = limits;
        if (l == null || l.returnLimit() >= maxReturnSize) {
            return new ReturnCap(maxReturnSize);
        }
        return new ReturnCap(l.returnLimit(), l.maxFrameSize() < l.maxReturnSize() ? "the master's max_frame_size"
                : "the master's max_return_size");
    }
}
