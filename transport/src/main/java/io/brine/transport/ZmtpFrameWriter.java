package io.brine.transport;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.GatheringByteChannel;
import java.util.ArrayDeque;

/**
 * One connection's output not yet written, for both ends: ZMTP frames (a header of flags and a 1- or 8-byte size,
 * then the body, never copied) and raw bytes (a greeting), written by gathering writes of up to
 * {@value #MAX_GATHER} buffers, so that what a turn queued for a peer goes out in one system call. Bounded by
 * whoever offers: in bytes and frames, checked before anything is queued.
 */
final class ZmtpFrameWriter {
    /** Buffers handed to one gathering write. */
    private static final int MAX_GATHER = 64;

    /** One queued item: a frame's header and body, or raw bytes (no header). */
    private record Out(ByteBuffer header, ByteBuffer body) {
        boolean written() {
            return !body.hasRemaining() && (header == null || !header.hasRemaining());
        }
    }

    private final ArrayDeque<Out> queue = new ArrayDeque<>();
    /** Bytes queued and not yet written, headers included. */
    private long bytes;

    /** A ZMTP frame header for a body of {@code size} bytes: the long form past 255. */
    static ByteBuffer header(int flags, int size) {
        boolean large = size > 255;
        ByteBuffer h = ByteBuffer.allocate(large ? 9 : 2);
        h.put((byte) (flags | (large ? ZmtpFrameReader.LONG : 0)));
        if (large) {
            h.putLong(size);
        } else {
            h.put((byte) size);
        }
        return h.flip();
    }

    /**
     * Queues a frame unless that would put more than {@code maxFrames} items or {@code maxBytes} bytes (headers
     * included) in the queue; false (nothing queued) if it would.
     */
    boolean offer(int flags, byte[] body, int maxFrames, long maxBytes) {
        ByteBuffer header = header(flags, body.length);
        if (queue.size() >= maxFrames || bytes + header.remaining() + body.length > maxBytes) {
            return false;
        }
        add(header, ByteBuffer.wrap(body));
        return true;
    }

    /** Queues raw bytes (a greeting), unbounded: the caller writes a fixed few. */
    void raw(byte[] data) {
        add(null, ByteBuffer.wrap(data));
    }

    private void add(ByteBuffer header, ByteBuffer body) {
        queue.add(new Out(header, body));
        bytes += body.remaining() + (header == null ? 0 : header.remaining());
    }

    /** Writes until {@code channel} takes no more; true if output is left (watch for writability). */
    boolean writeTo(GatheringByteChannel channel) throws IOException {
        while (!queue.isEmpty()) {
            long written = channel.write(gather());
            bytes -= written;
            while (!queue.isEmpty() && queue.peek().written()) {
                queue.poll();
            }
            if (written == 0) {
                break;
            }
        }
        return !queue.isEmpty();
    }

    private ByteBuffer[] gather() {
        ByteBuffer[] batch = new ByteBuffer[Math.min(MAX_GATHER, 2 * queue.size())];
        int i = 0;
        for (Out out : queue) {
            if (out.header() != null && out.header().hasRemaining()) {
                if (i == batch.length) {
                    break;
                }
                batch[i++] = out.header();
            }
            if (i == batch.length) {
                break;
            }
            batch[i++] = out.body();
        }
        return i == batch.length ? batch : java.util.Arrays.copyOf(batch, i);
    }

    boolean isEmpty() {
        return queue.isEmpty();
    }

    /** Bytes queued and not yet written. */
    long queuedBytes() {
        return bytes;
    }

    /** Frames (and raw pieces) queued and not all written. */
    int queuedFrames() {
        return queue.size();
    }

    void clear() {
        queue.clear();
        bytes = 0;
    }
}
