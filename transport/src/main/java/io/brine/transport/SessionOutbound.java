package io.brine.transport;

import io.brine.protocol.KeyStatus;
import io.brine.protocol.Message;

/** The way from a {@link Session} handle to its router's I/O thread; thread-safe, enqueues only. */
interface SessionOutbound {
    void send(long sessionId, Message message, Runnable then);

    void sendBulk(long sessionId, Message message, Runnable then);

    void close(long sessionId, KeyStatus status, String reason);

    /** For sessions made outside a router (tests of the table alone): everything is dropped. */
    SessionOutbound NONE = new SessionOutbound() {
        @Override
        public void send(long sessionId, Message message, Runnable then) {
            then.run();
        }

        @Override
        public void sendBulk(long sessionId, Message message, Runnable then) {
            then.run();
        }

        @Override
        public void close(long sessionId, KeyStatus status, String reason) {
        }
    };
}
