package io.brine.transport;

/**
 * The memory all connections together may hold in frames still arriving. Each reader reserves what it grows its
 * buffer by and releases it when the frame is complete or the connection closes; a reader that would exceed the
 * budget gets its connection closed instead. Used on the server's I/O thread only.
 */
final class FrameBudget implements FrameMemory {
    /** The least a frame's buffer starts with; more only if that many bytes are already here. */
    private static final int FIRST_CHUNK = 1024;

    private final long limit;
    private long reserved;
    /** Read by tests and reports from other threads. */
    private volatile long peak;

    FrameBudget(long limit) {
        this.limit = limit;
    }

    boolean reserve(int bytes) {
        if (reserved + bytes > limit) {
            return false;
        }
        reserved += bytes;
        peak = Math.max(peak, reserved);
        return true;
    }

    void release(int bytes) {
        reserved -= bytes;
    }

    long reserved() {
        return reserved;
    }

    long peak() {
        return peak;
    }

    @Override
    public byte[] first(int size, int arrived) throws ZmtpException {
        return grow(new byte[0], 0, Math.min(size, Math.max(FIRST_CHUNK, arrived)));
    }

    @Override
    public byte[] grow(byte[] body, int filled, int capacity) throws ZmtpException {
        if (!reserve(capacity - body.length)) {
            throw new ZmtpException(ZmtpException.Fault.FRAME_BUDGET, "frame memory budget exhausted");
        }
        byte[] bigger = new byte[capacity];
        System.arraycopy(body, 0, bigger, 0, Math.min(body.length, filled));
        return bigger;
    }

    @Override
    public void done(byte[] body) {
        release(body.length);
    }
}
