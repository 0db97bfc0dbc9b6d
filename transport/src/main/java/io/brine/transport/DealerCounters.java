package io.brine.transport;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * What a dealer dropped, by reason: the minion's (or client's) side of the master's {@link Counters}. Read from any
 * thread; counted on the dealers' loop thread.
 */
public final class DealerCounters {
    /** Why a dealer dropped a frame, or the connection it came on. */
    public enum Drop {
        /** A frame to the master, over the queue's bounds (a master or network not reading). */
        QUEUE_FULL,
        /** The parts of a multi-part message from the master: Brine's messages are one frame each. */
        MULTIPART,
        /** A frame from the master that is no frame, or of a kind a master never sends. */
        MALFORMED_FRAME,
        /** A sealed frame from the master that did not open with the session's keys. */
        DECRYPT_FAILED,
        /** A sealed frame that opened but holds no message this version knows. */
        UNDECODABLE,
        /** A bad ZMTP greeting, command or frame header from the master's side: the connection is made again. */
        PROTOCOL_ERROR,
        /** A frame header declaring more than the largest frame a master sends: the connection is made again. */
        FRAME_TOO_LARGE
    }

    private final Map<Drop, LongAdder> drops = new EnumMap<>(Drop.class);

    DealerCounters() {
        for (Drop d : Drop.values()) {
            drops.put(d, new LongAdder());
        }
    }

    void drop(Drop reason) {
        drops.get(reason).increment();
    }

    /** The counter for a ZMTP failure that cost the connection. */
    void drop(ZmtpException.Fault fault) {
        drop(switch (fault) {
            case PROTOCOL_ERROR -> Drop.PROTOCOL_ERROR;
            case FRAME_TOO_LARGE, FRAME_BUDGET -> Drop.FRAME_TOO_LARGE;
        });
    }

    /** How often this dealer dropped something for {@code reason}. */
    public long dropped(Drop reason) {
        return drops.get(reason).sum();
    }

    /** Drops by reason, in the order of {@link Drop}. */
    public Map<Drop, Long> snapshot() {
        Map<Drop, Long> out = new EnumMap<>(Drop.class);
        drops.forEach((reason, n) -> out.put(reason, n.sum()));
        return out;
    }

    /** What {@code each} had dropped when called, summed by reason (a minion with several sessions). */
    public static DealerCounters sum(java.util.Collection<DealerCounters> each) {
        DealerCounters total = new DealerCounters();
        for (DealerCounters c : each) {
            c.drops.forEach((reason, n) -> total.drops.get(reason).add(n.sum()));
        }
        return total;
    }

    /** {@code queue_full=0 multipart=0 ...}: every reason, for a log line. */
    @Override
    public String toString() {
        StringBuilder out = new StringBuilder();
        drops.forEach((reason, n) -> out.append(out.length() == 0 ? "" : " ")
                .append(reason.name().toLowerCase(Locale.ROOT)).append('=').append(n.sum()));
        return out.toString();
    }
}
