package io.brine.transport;

import io.brine.protocol.Message;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayDeque;

/**
 * What a dealer's user sent while it had no session, oldest first, up to a bound: sent once the master accepts
 * it. Touched by one thread at a time (the starter before the dealer runs, the dealers' loop after).
 */
final class HeldMessages {
    static final int MAX_HELD = 10_000;
    private static final Logger LOG = System.getLogger(HeldMessages.class.getName());

    private final ArrayDeque<Message> held = new ArrayDeque<>();

    void hold(Message message) {
        if (held.size() >= MAX_HELD) {
            held.removeFirst();
            LOG.log(Level.WARNING, "no session for a long time: dropped the oldest held message");
        }
        held.addLast(message);
    }

    boolean isEmpty() {
        return held.isEmpty();
    }

    Message next() {
        return held.removeFirst();
    }
}
