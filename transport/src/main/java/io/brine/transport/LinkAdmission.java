package io.brine.transport;

import java.net.InetAddress;

/**
 * Admits a new link of any carrier within {@link Admission}'s caps, closing the oldest idle link (of the address,
 * or of all) to make room rather than refusing the newcomer: a flood of idle links churns through itself. Refuses
 * only when every link over the cap has a handshake under way or a session. I/O thread only.
 */
final class LinkAdmission {
    private final Admission admission;
    private final IdleConnections idle;
    private final Counters counters;
    private final DropLog dropLog;

    LinkAdmission(Admission admission, IdleConnections idle, Counters counters, DropLog dropLog) {
        this.admission = admission;
        this.idle = idle;
        this.counters = counters;
        this.dropLog = dropLog;
    }

    /** Null if a link from {@code address} may open now (it is then counted), else why not. */
    Admission.Refusal admit(InetAddress address) {
        Admission.Refusal refusal = admission.admit(address);
        for (int tries = 0; refusal != null && tries < 2; tries++) {
            boolean room = refusal == Admission.Refusal.TOO_MANY_FROM_ADDRESS
                    ? evict(idle.oldestOf(address), Counters.Drop.IDLE_EVICTED_FROM_ADDRESS, refusal.text)
                    : evict(idle.oldest(), Counters.Drop.IDLE_EVICTED, refusal.text);
            if (!room) {
                return refusal;
            }
            refusal = admission.admit(address);
        }
        return refusal;
    }

    /** Closes the oldest idle link of all, to free a descriptor; false if there is none. */
    boolean evictOldest(String why) {
        return evict(idle.oldest(), Counters.Drop.IDLE_EVICTED, why);
    }

    /** A link of {@code address} closed. */
    void closed(InetAddress address) {
        admission.closed(address);
    }

    private boolean evict(Link oldest, Counters.Drop reason, String why) {
        if (oldest == null) {
            return false;
        }
        counters.drop(reason);
        dropLog.drop(why + ": closed the oldest idle connection, from " + oldest.address.getHostAddress());
        oldest.close("closed for a newer connection (" + why + ")");
        return true;
    }
}
