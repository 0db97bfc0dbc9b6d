package io.brine.transport;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;

/**
 * Cuts one connection's byte stream into ZMTP frames (a flags byte: MORE, LONG, COMMAND; a 1- or 8-byte size; the
 * body), for both ends: the master's connections and the dealer's. The size is checked against the limit the
 * connection's state allows before a byte of the body is kept, and the body is kept in the end's
 * {@link FrameMemory}, which grows it as its bytes arrive.
 */
final class ZmtpFrameReader {
    static final int MORE = 0x01;
    static final int LONG = 0x02;
    static final int COMMAND = 0x04;

    /** Receives complete frames: the frame is {@code body[0, length)}. */
    interface Sink {
        /** Returns false to stop reading (the connection was closed meanwhile). */
        boolean frame(int flags, byte[] body, int length) throws ZmtpException;
    }

    /** Hears of a frame over the limit that was read past without being kept. */
    interface Oversize {
        /** Returns false to stop reading (the connection was closed meanwhile). */
        boolean skipped(int flags, long size) throws ZmtpException;
    }

    /** Takes a piece of a connection's bytes. */
    interface Piece {
        /** Returns false to stop reading the connection this turn (it closed, or moved on). */
        boolean take(ByteBuffer in) throws ZmtpException;
    }

    /**
     * Reads what {@code channel} has, through {@code buffer}, up to about {@code maxBytes} a turn (so that one busy
     * connection cannot starve the others), handing each piece to {@code piece}; false if the peer closed.
     */
    static boolean drain(ReadableByteChannel channel, ByteBuffer buffer, int maxBytes, Piece piece)
            throws IOException, ZmtpException {
        int total = 0;
        while (total < maxBytes) {
            buffer.clear();
            int n = channel.read(buffer);
            if (n <= 0) {
                return n == 0;
            }
            total += n;
            boolean drained = buffer.hasRemaining(); // a short read: the socket is empty for now
            buffer.flip();
            if (!piece.take(buffer) || drained) {
                return true;
            }
        }
        return true;
    }

    private final FrameMemory memory;
    private final ZmtpFrameHeader header = new ZmtpFrameHeader();
    private int flags;
    private byte[] body;
    private int bodySize;
    private int bodyFilled;
    /** Bytes of an oversized frame still to read past, and that frame's size; -1 when none is being skipped. */
    private long skipLeft = -1;
    private long skipSize;

    ZmtpFrameReader(FrameMemory memory) {
        this.memory = memory;
    }

    /** Consumes all of {@code in}, passing each complete frame to {@code sink}; {@code limit} caps a body's size. */
    void read(ByteBuffer in, long limit, Sink sink) throws ZmtpException {
        read(in, limit, sink, null);
    }

    /**
     * As above; with {@code oversize} (null: a frame over the limit ends the connection), a frame over the limit is
     * read past, none of it kept and no memory reserved for it, and reported once its last byte has gone by.
     */
    void read(ByteBuffer in, long limit, Sink sink, Oversize oversize) throws ZmtpException {
        while (in.hasRemaining()) {
            if (skipLeft >= 0) {
                int n = (int) Math.min(in.remaining(), skipLeft);
                in.position(in.position() + n);
                skipLeft -= n;
                if (skipLeft == 0) {
                    skipLeft = -1;
                    if (!oversize.skipped(flags, skipSize)) {
                        return;
                    }
                }
                continue;
            }
            if (body == null) {
                if (!readHeader(in, limit, oversize != null)) {
                    return;
                }
                if (skipLeft >= 0) {
                    continue;
                }
            } else {
                readBody(in);
            }
            if (bodyFilled == bodySize && !complete(sink)) {
                return;
            }
        }
    }

    /** Bytes held for the frame still arriving. */
    int held() {
        return body == null ? 0 : body.length;
    }

    /** Gives back what the frame still arriving holds, and forgets a header partly read: the connection closed. */
    void release() {
        if (body != null) {
            memory.done(body);
            body = null;
        }
        header.reset();
        skipLeft = -1;
    }

    private boolean readHeader(ByteBuffer in, long limit, boolean skipOversize) throws ZmtpException {
        if (!header.read(in)) {
            return false;
        }
        long size = header.size();
        flags = header.flags();
        if (size > limit && skipOversize && (flags & COMMAND) == 0) {
            skipLeft = size;
            skipSize = size;
            return true;
        }
        if (size < 0 || size > limit || size > Integer.MAX_VALUE) {
            throw new ZmtpException(ZmtpException.Fault.FRAME_TOO_LARGE, "frame too large (" + size + " bytes)");
        }
        bodySize = (int) size;
        bodyFilled = 0;
        body = memory.first(bodySize, in.remaining());
        readBody(in);
        return true;
    }

    private void readBody(ByteBuffer in) throws ZmtpException {
        int wanted = Math.min(in.remaining(), bodySize - bodyFilled);
        if (bodyFilled + wanted > body.length) {
            int capacity = (int) Math.min(bodySize, Math.max(2L * body.length, bodyFilled + (long) wanted));
            body = memory.grow(body, bodyFilled, capacity);
        }
        in.get(body, bodyFilled, wanted);
        bodyFilled += wanted;
    }

    private boolean complete(Sink sink) throws ZmtpException {
        byte[] done = body;
        body = null;
        memory.done(done);
        return sink.frame(flags, done, bodySize);
    }
}
