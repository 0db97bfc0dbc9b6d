package io.brine.protocol;

/**
 * The outer layer of every ZMTP message. Handshake frames carry Noise XX messages; SEALED frames carry an
 * encrypted {@link Message}; RESET tells an initiator that the master holds no session for it (the master
 * restarted, or dropped it), so it must handshake again. RESET is unauthenticated on purpose: it can only
 * make a peer do a fresh, fully authenticated handshake. The RESET that greets a new connection carries a
 * one-byte body; one that answers a frame the master could not place carries none. BUSY answers a first handshake
 * message the master will not start now for load, with when to send it again ({@link #retryAfterMillis}): the
 * peer waits, on the same connection, instead of waiting out a timeout in a queue and starting over. Like RESET it
 * is unauthenticated, and can only make a peer wait (a few seconds at most, {@link #MAX_RETRY_AFTER_MILLIS}).
 */
public enum FrameKind {
    HANDSHAKE_1(1), HANDSHAKE_2(2), HANDSHAKE_3(3), SEALED(4), RESET(5), BUSY(6);

    /** The longest wait a BUSY may ask for; a longer one is taken as this. */
    public static final int MAX_RETRY_AFTER_MILLIS = 30_000;

    final byte code;

    FrameKind(int code) {
        this.code = (byte) code;
    }

    /** A BUSY frame's body: the milliseconds to wait, big-endian, four bytes. */
    public static byte[] retryAfter(int millis) {
        return java.nio.ByteBuffer.allocate(4).putInt(millis).array();
    }

    /** What a BUSY frame's body asks: 1 ms to {@link #MAX_RETRY_AFTER_MILLIS}. */
    public static int retryAfterMillis(byte[] body) throws MalformedMessageException {
        if (body.length != 4) {
            throw new MalformedMessageException("a BUSY frame carries 4 bytes, not " + body.length);
        }
        int millis = java.nio.ByteBuffer.wrap(body).getInt();
        return Math.max(1, Math.min(MAX_RETRY_AFTER_MILLIS, millis));
    }

    static FrameKind of(byte code) throws MalformedMessageException {
        for (FrameKind k : values()) {
            if (k.code == code) {
                return k;
            }
        }
        throw new MalformedMessageException("unknown frame kind " + code);
    }
}
