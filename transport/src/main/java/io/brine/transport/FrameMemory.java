package io.brine.transport;

/**
 * Where a {@link ZmtpFrameReader} keeps a frame's body while its bytes arrive. The master's side charges every byte
 * to the budget all its connections share ({@link FrameBudget}); a dealer's side takes large frames from its pool of
 * reused buffers ({@link FrameBuffers}). Either way memory follows the bytes: a header declaring a large size and
 * followed by nothing costs little.
 */
interface FrameMemory {
    /**
     * The first buffer for a frame of {@code size} bytes of which {@code arrived} are already here: shorter than the
     * frame (it grows as bytes arrive) or longer (a pooled buffer; the frame is its first {@code size} bytes).
     */
    byte[] first(int size, int arrived) throws ZmtpException;

    /** A buffer of {@code capacity} bytes holding the first {@code filled} of {@code body}. */
    byte[] grow(byte[] body, int filled, int capacity) throws ZmtpException;

    /** {@code body} is no longer arriving: its frame is complete, or its connection closed. */
    void done(byte[] body);
}
