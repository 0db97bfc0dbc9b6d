package io.brine.protocol;

import java.io.IOException;

/**
 * What the master takes from an accepted minion on this session: the largest message ({@code max_frame_size}) and
 * the largest return it keeps ({@code max_return_size}). Sent once the session is accepted, so the minion cuts every
 * return to fit before sending it, and again with {@code refusedBytes} when the master discarded a frame that was
 * larger than that (unread: it could not even be opened), so the minion can tell which return it was by its size
 * and send it again cut to fit, rather than again and again whole. A minion never wedges itself on a return its
 * master cannot take.
 *
 * @param maxFrameSize  the largest message the master reads, in bytes
 * @param maxReturnSize the largest return the master keeps; a larger one is recorded as failed
 * @param refusedBytes  the size of the sealed frame just discarded, or 0 when nothing was
 */
public record SessionLimits(int maxFrameSize, int maxReturnSize, long refusedBytes) implements Message {
    static final int TYPE = 48;
    /** No master limit is smaller: a frame carries at least a file chunk and its header. */
    public static final int LEAST = 4096;

    public SessionLimits {
        if (maxFrameSize < LEAST || maxReturnSize < LEAST || refusedBytes < 0) {
            throw new IllegalArgumentException("session limits below " + LEAST + " bytes, or a negative refused size");
        }
    }

    /** The limits alone, as sent when a session is accepted. */
    public static SessionLimits of(int maxFrameSize, int maxReturnSize) {
        return new SessionLimits(maxFrameSize, maxReturnSize, 0);
    }

    /** The largest return the minion may send on this session: what both limits allow. */
    public int returnLimit() {
        return Math.min(maxFrameSize, maxReturnSize);
    }

    void write(WireWriter w) {
        w.integer(maxFrameSize).integer(maxReturnSize).integer(refusedBytes);
    }

    static SessionLimits read(WireReader r) throws IOException, MalformedMessageException {
        try {
            return new SessionLimits(r.smallInt("max_frame_size", 0, Integer.MAX_VALUE),
                    r.smallInt("max_return_size", 0, Integer.MAX_VALUE), r.integer());
        } catch (IllegalArgumentException e) {
            throw new MalformedMessageException("session limits: " + e.getMessage());
        }
    }
}
