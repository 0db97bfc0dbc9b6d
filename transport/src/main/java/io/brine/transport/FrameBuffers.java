package io.brine.transport;

import java.nio.ByteBuffer;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Receive buffers for a dealer's large frames (file chunks), used again once their chunk has been written.
 *
 * <p>Why: a minion's heap is small, and a download keeps 16 chunks of 256 KiB in flight. Allocated fresh, each
 * chunk outlived a young collection or two and was promoted, so the old generation filled every few hundred
 * milliseconds and a transfer spent a tenth of its time in full collections. The dealer's socket
 * ({@link DealerSocket}) reads frames of {@value #POOLED_MIN} bytes or more into a buffer from here, and whoever
 * has finished with a chunk's data hands the buffer back through {@link #recycle}.
 *
 * <p>Nothing depends on a buffer coming back: one that is never recycled (a chunk nobody waited for) is collected
 * as garbage, and the next large frame gets a new buffer. A buffer must only be recycled by the last holder of
 * the data in it. Free buffers are dropped after {@value #IDLE_MILLIS} ms without a large frame, so an idle
 * minion holds none.
 */
final class FrameBuffers implements FrameMemory {
    static final int POOLED_MIN = 64 * 1024;
    /** A 256 KiB file chunk and its envelope (frame header, nonce, tag, message fields) fit with room to spare. */
    static final int BUFFER_SIZE = 256 * 1024 + 4096;
    /** A download's window of 16 chunks, and a few being written or decoded. */
    static final int MAX_FREE = 20;
    static final long IDLE_MILLIS = 10_000;
    /** A frame larger than a pool buffer starts this large and grows as its bytes arrive. */
    private static final int FIRST_CHUNK = 64 * 1024;

    private final ConcurrentLinkedDeque<byte[]> free = new ConcurrentLinkedDeque<>();
    private final AtomicInteger freeCount = new AtomicInteger();
    private volatile long lastUsedMillis;

    /** A buffer for a frame of {@code size} bytes: its array, at offset 0, may be longer than the frame. */
    ByteBuffer allocate(int size) {
        if (size < POOLED_MIN || size > BUFFER_SIZE) {
            return ByteBuffer.allocate(size);
        }
        lastUsedMillis = MonotonicMillis.now();
        byte[] buffer = free.pollFirst();
        if (buffer == null) {
            buffer = new byte[BUFFER_SIZE];
        } else {
            freeCount.decrementAndGet();
        }
        return ByteBuffer.wrap(buffer, 0, size);
    }

    /**
     * Takes back the buffer under {@code data}, whose last holder the caller is. Anything else (a buffer that did
     * not come from here, a read-only one) is ignored.
     */
    void recycle(ByteBuffer data) {
        if (data == null || !data.hasArray() || data.array().length != BUFFER_SIZE) {
            return;
        }
        byte[] buffer = data.array();
        for (byte[] f : free) {
            if (f == buffer) {
                return; // handed back twice: taking it twice would give one buffer to two frames
            }
        }
        if (freeCount.incrementAndGet() > MAX_FREE) {
            freeCount.decrementAndGet();
            return;
        }
        free.addFirst(buffer);
    }

    /** Drops the free buffers once large frames have stopped coming for a while. */
    void trimIfIdle(long now) {
        if (freeCount.get() > 0 && now - lastUsedMillis > IDLE_MILLIS) {
            while (free.pollFirst() != null) {
                freeCount.decrementAndGet();
            }
        }
    }

    /** When {@link #trimIfIdle} would next drop something; {@code Long.MAX_VALUE} while nothing is free. */
    long trimDeadline() {
        return freeCount.get() > 0 ? lastUsedMillis + IDLE_MILLIS + 1 : Long.MAX_VALUE;
    }

    @Override
    public byte[] first(int size, int arrived) {
        return size > BUFFER_SIZE ? new byte[Math.max(FIRST_CHUNK, Math.min(size, arrived))] : allocate(size).array();
    }

    @Override
    public byte[] grow(byte[] body, int filled, int capacity) {
        return java.util.Arrays.copyOf(body, capacity);
    }

    @Override
    public void done(byte[] body) {
        // a dealer's frame is handed up in its buffer: the buffer comes back through recycle, if at all
    }

    int free() {
        return freeCount.get();
    }
}
