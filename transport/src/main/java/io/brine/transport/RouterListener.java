package io.brine.transport;

import io.brine.protocol.Message;

/** Receives what the router's authenticated sessions say. Called on the I/O thread: hand real work elsewhere. */
public interface RouterListener {
    /** A peer's key is accepted and its session is live. */
    void onSession(Session session);

    /** A message from an accepted session; heartbeats never reach here. */
    void onMessage(Session session, Message message);

    /**
     * As {@link #onMessage(Session, Message)}, with the size of the frame it came in, for listeners that limit
     * what a peer may make them keep (the master's {@code max_return_size}).
     */
    default void onMessage(Session session, Message message, int frameBytes) {
        onMessage(session, message);
    }

    /**
     * An accepted minion sent a frame of {@code frameBytes}, over the router's frame limit: it was read past unopened
     * and dropped (counted as {@code FRAME_TOO_LARGE}); the session goes on.
     */
    default void onFrameRefused(Session session, long frameBytes) {
    }

    /** The session ended: the peer went silent, reconnected, or its key was revoked. */
    void onClosed(Session session, String reason);
}
