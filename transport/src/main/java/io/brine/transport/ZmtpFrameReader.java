package io.brine.transport;

import java.nio.ByteBuffer;

/**
 * Cuts one connection's byte stream into ZMTP frames (a flags byte: MORE, LONG, COMMAND; a 1- or 8-byte size; the
 * body). Memory follows the bytes: a frame's buffer starts small and grows as its body arrives, so a header that
 * declares a large size and is followed by nothing costs nothing; the size is checked against the limit the
 * connection's state allows before a byte of the body is kept, and every byte held is reserved in the shared
 * {@link FrameBudget}.
 */
final class ZmtpFrameReader {
    static final int MORE = 0x01;
    static final int LONG = 0x02;
    static final int COMMAND = 0x04;
    /** The least a frame's buffer starts with; more only if that many bytes are already here. */
    private static final int FIRST_CHUNK = 1024;

    /** Receives complete frames. */
    interface Sink {
        /** Returns false to stop reading (the connection was closed meanwhile). */
        boolean frame(int flags, byte[] body) throws ZmtpException;
    }

    /** Hears of a frame over the limit that was read past without being kept. */
    interface Oversize {
        /** Returns false to stop reading (the connection was closed meanwhile). */
        boolean skipped(int flags, long size) throws ZmtpException;
    }

    private final FrameBudget budget;
    private final ZmtpFrameHeader header = new ZmtpFrameHeader();
    private int flags;
    private byte[] body;
    private int bodySize;
    private int bodyFilled;
    /** Bytes of an oversized frame still to read past, and that frame's size; -1 when none is being skipped. */
    private long skipLeft = -1;
    private long skipSize;

    ZmtpFrameReader(FrameBudget budget) {
        this.budget = budget;
    }

    /** Consumes all of {@code in}, passing each complete frame to {@code sink}; {@code limit} caps a body's size. */
    void read(ByteBuffer in, int limit, Sink sink) throws ZmtpException {
        read(in, limit, sink, null);
    }

    /**
     * As above; with {@code oversize} (null: a frame over the limit ends the connection), a frame over the limit is
     * read past, none of it kept and no memory reserved for it, and reported once its last byte has gone by.
     */
    void read(ByteBuffer in, int limit, Sink sink, Oversize oversize) throws ZmtpException {
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
                if (bodySize == 0 && !complete(sink)) {
                    return;
                }
                continue;
            }
            readBody(in);
            if (bodyFilled == bodySize && !complete(sink)) {
                return;
            }
        }
    }

    /** Bytes held for the frame still arriving. */
    int held() {
        return body == null ? 0 : body.length;
    }

    /** Gives back what the frame still arriving holds; called when the connection closes. */
    void release() {
        if (body != null) {
            budget.release(body.length);
            body = null;
        }
    }

    private boolean readHeader(ByteBuffer in, int limit, boolean skipOversize) throws ZmtpException {
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
        if (size < 0 || size > limit) {
            throw new ZmtpException("frame too large");
        }
        bodySize = (int) size;
        bodyFilled = 0;
        body = bodySize == 0 ? new byte[0] : grow(new byte[0], Math.min(bodySize, Math.max(FIRST_CHUNK, in.remaining())));
        return true;
    }

    private void readBody(ByteBuffer in) throws ZmtpException {
        int wanted = Math.min(in.remaining(), bodySize - bodyFilled);
        if (bodyFilled + wanted > body.length) {
            int capacity = (int) Math.min(bodySize, Math.max(2L * body.length, bodyFilled + (long) wanted));
            body = grow(body, capacity);
        }
        in.get(body, bodyFilled, wanted);
        bodyFilled += wanted;
    }

    private byte[] grow(byte[] old, int capacity) throws ZmtpException {
        if (!budget.reserve(capacity - old.length)) {
            throw new ZmtpException("frame memory budget exhausted");
        }
        byte[] bigger = new byte[capacity];
        System.arraycopy(old, 0, bigger, 0, Math.min(old.length, bodyFilled));
        return bigger;
    }

    private boolean complete(ZmtpFrameReader.Sink sink) throws ZmtpException {
        byte[] done = body;
        body = null;
        budget.release(done.length);
        return sink.frame(flags, done);
    }
}
