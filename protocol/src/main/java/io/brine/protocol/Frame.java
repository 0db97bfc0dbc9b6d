package io.brine.protocol;

import java.util.Arrays;
import java.util.Objects;

/**
 * One wire frame: a version byte, a kind byte, then the body. Size is checked before anything else is
 * looked at, so an oversize frame costs nothing but the read.
 */
public record Frame(FrameKind kind, byte[] body) {
    /** Default cap on a frame: room for a 4 MiB file chunk plus envelope, far below what would hurt a heap. */
    public static final int DEFAULT_MAX_SIZE = 8 * 1024 * 1024;
    private static final int HEADER = 2;

    public Frame {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(body, "body");
    }

    public byte[] encode() {
        byte[] out = new byte[HEADER + body.length];
        out[0] = (byte) ProtocolVersion.CURRENT;
        out[1] = kind.code;
        System.arraycopy(body, 0, out, HEADER, body.length);
        return out;
    }

    public static Frame decode(byte[] raw, int maxSize) throws MalformedMessageException {
        if (raw == null || raw.length < HEADER) {
            throw new MalformedMessageException("frame shorter than its header");
        }
        if (raw.length > maxSize) {
            throw new MalformedMessageException("frame of " + raw.length + " bytes exceeds the limit of " + maxSize);
        }
        if (raw[0] != (byte) ProtocolVersion.CURRENT) {
            throw new MalformedMessageException("unsupported frame version " + (raw[0] & 0xff));
        }
        return new Frame(FrameKind.of(raw[1]), Arrays.copyOfRange(raw, HEADER, raw.length));
    }
}
