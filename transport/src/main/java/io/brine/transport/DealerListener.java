package io.brine.transport;

import io.brine.protocol.KeyStatus;
import io.brine.protocol.Message;

/** Receives what the master says on a dealer's session. Called on the dealer's I/O thread. */
public interface DealerListener {
    /** The master answered the handshake: accepted (messages follow), or pending, rejected, denied. */
    default void onStatus(KeyStatus status, String detail) {
    }

    /** A message from the master on an accepted session; heartbeats never reach here. */
    void onMessage(Message message);

    /**
     * The session ended (its connection was lost, the master said it is going away or no longer knows us, or it
     * went silent) and a new one will be attempted. May be told more than once for one ending.
     */
    default void onDisconnected(String reason) {
    }
}
