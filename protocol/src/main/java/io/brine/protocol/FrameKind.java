package io.brine.protocol;

/**
 * The outer layer of every ZMTP message. Handshake frames carry Noise XX messages; SEALED frames carry an
 * encrypted {@link Message}; RESET tells an initiator that the master holds no session for it (the master
 * restarted, or dropped it), so it must handshake again. RESET is unauthenticated on purpose: it can only
 * make a peer do a fresh, fully authenticated handshake. The RESET that greets a new connection carries a
 * one-byte body; one that answers a frame the master could not place carries none.
 */
public enum FrameKind {
    HANDSHAKE_1(1), HANDSHAKE_2(2), HANDSHAKE_3(3), SEALED(4), RESET(5);

    final byte code;

    FrameKind(int code) {
        this.code = (byte) code;
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
