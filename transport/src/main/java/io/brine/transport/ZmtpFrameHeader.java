package io.brine.transport;

import java.nio.ByteBuffer;

/**
 * A ZMTP frame's header as its bytes arrive: a flags byte (MORE, LONG, COMMAND), then a 1-byte size, or an 8-byte
 * one with LONG, read by the {@link ZmtpFrameReader} of either end. The size is what the peer declared, unchecked:
 * the reader holds it to the limit its caller gives (negative means a declared size past {@code Long.MAX_VALUE}).
 */
final class ZmtpFrameHeader {
    private final byte[] bytes = new byte[9];
    private int filled;
    private int flags;
    private long size;

    /**
     * Takes header bytes from {@code in}; true once the header is whole, and then {@link #flags} and {@link #size}
     * hold it and the next call begins the next header.
     */
    boolean read(ByteBuffer in) throws ZmtpException {
        if (filled == 0) {
            if (!in.hasRemaining()) {
                return false;
            }
            bytes[filled++] = in.get();
            if ((bytes[0] & ~(ZmtpFrameReader.MORE | ZmtpFrameReader.LONG | ZmtpFrameReader.COMMAND)) != 0) {
                throw new ZmtpException("reserved frame flag bits set");
            }
        }
        int sizeBytes = (bytes[0] & ZmtpFrameReader.LONG) != 0 ? 8 : 1;
        while (filled < 1 + sizeBytes && in.hasRemaining()) {
            bytes[filled++] = in.get();
        }
        if (filled < 1 + sizeBytes) {
            return false;
        }
        long declared = 0;
        for (int i = 1; i <= sizeBytes; i++) {
            declared = (declared << 8) | (bytes[i] & 0xFF);
        }
        flags = bytes[0];
        size = declared;
        filled = 0;
        return true;
    }

    /** Forgets a header partly read: the connection it came on is gone. */
    void reset() {
        filled = 0;
    }

    int flags() {
        return flags;
    }

    long size() {
        return size;
    }
}
