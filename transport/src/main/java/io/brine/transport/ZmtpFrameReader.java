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

    private final FrameBudget budget;
    private final ZmtpFrameHeader header = new ZmtpFrameHeader();
    private int flags;
    private byte[] body;
    private int bodySize;
    private int bodyFilled;

    ZmtpFrameReader(FrameBudget budget) {
        this.budget = budget;
    }

    /** Consumes all of {@code in}, passing each complete frame to {@code sink}; {@code limit} caps a body's size. */
    void read(ByteBuffer in, int limit, Sink sink) throws ZmtpException {
        while (in.hasRemaining()) {
            if (body == null) {
                if (!readHeader(in, limit)) {
                    return;
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

    private boolean readHeader(ByteBuffer in, int limit) throws ZmtpException {
        if (!header.read(in)) {
            return false;
        }
        long size = header.size();
        if (size < 0 || size > limit) {
            throw new ZmtpException("frame too large");
        }
        flags = header.flags();
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
