package io.brine.transport;

import java.io.IOException;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;

/**
 * What a dealer's connection has to write: our ZMTP greeting and READY first, then (once the master's READY is in)
 * the frames queued, within bounds of frames and bytes; past them a frame is dropped and counted
 * ({@code QUEUE_FULL}). Used on the dealers' loop thread only.
 */
final class DealerOutbound {
    /**
     * Bytes queued to the master at most (or four of the largest frames, if more): with the high-water mark
     * alone, a master that stops reading could make a dealer hold 100,000 file chunks.
     */
    private static final long MAX_QUEUED_BYTES = 64L * 1024 * 1024;

    private final ZmtpFrameWriter preamble = new ZmtpFrameWriter();
    private final ZmtpFrameWriter frames = new ZmtpFrameWriter();
    private final int maxFrames;
    private final long maxBytes;
    private final DealerCounters counters;

    DealerOutbound(TransportSettings settings, DealerCounters counters) {
        this.maxFrames = settings.highWaterMark();
        this.maxBytes = Math.max(MAX_QUEUED_BYTES, 4L * settings.maxFrameSize());
        this.counters = counters;
    }

    /** A new connection: our greeting and READY (asking for {@code lane}, if not null) go first. */
    void greet(String lane) {
        preamble.raw(ZmtpGreeting.greeting());
        preamble.offer(ZmtpFrameReader.COMMAND, ZmtpGreeting.ready("DEALER", lane), 2, Long.MAX_VALUE);
    }

    /** Queues a frame; false (counted) past the bounds. */
    boolean offer(int flags, byte[] body) {
        if (!frames.offer(flags, body, maxFrames, maxBytes)) {
            counters.drop(DealerCounters.Drop.QUEUE_FULL);
            return false;
        }
        return true;
    }

    boolean hasFrames() {
        return !frames.isEmpty();
    }

    /**
     * Writes the preamble, then (if {@code open}) the frames, until the channel takes no more, and watches
     * {@code key} for writability while some is left.
     */
    void write(SocketChannel channel, SelectionKey key, boolean open) throws IOException {
        boolean left = preamble.writeTo(channel) || (open && frames.writeTo(channel));
        int ops = left ? SelectionKey.OP_READ | SelectionKey.OP_WRITE : SelectionKey.OP_READ;
        if (key != null && key.isValid() && key.interestOps() != ops) {
            key.interestOps(ops);
        }
    }

    long queuedBytes() {
        return frames.queuedBytes();
    }

    int queuedFrames() {
        return frames.queuedFrames();
    }

    void clear() {
        preamble.clear();
        frames.clear();
    }
}
