package io.brine.transport;

/**
 * The ZMTP rules both ends apply to a connection's frames once its greeting is in: a command is one frame (never
 * MORE), PING is answered with a PONG (ZMTP 3.1 heartbeats: a TTL and up to 16 bytes of context, echoed), PONG is
 * only heard, an ERROR or any other command ends the connection; and Brine's messages are one frame each, so the
 * parts of a multi-part message are dropped, counted once per message by whoever calls.
 */
final class ZmtpCommands {
    /** Whether the frames being read belong to a multi-part message being dropped. */
    private boolean skippingParts;

    /**
     * The answer to {@code command} (a frame with the COMMAND flag), other than a connection's first READY: a PONG
     * to queue, or null when there is nothing to answer.
     */
    static byte[] answer(int flags, byte[] command) throws ZmtpException {
        if ((flags & ZmtpFrameReader.MORE) != 0) {
            throw new ZmtpException("command frame with MORE set");
        }
        String name = ZmtpGreeting.commandName(command);
        if ("PING".equals(name)) {
            return ZmtpGreeting.pongFor(command);
        }
        if ("PONG".equals(name)) {
            return null;
        }
        if ("ERROR".equals(name)) {
            throw new ZmtpException("the peer sent a ZMTP ERROR");
        }
        throw new ZmtpException("unexpected ZMTP command " + (name == null ? "(garbage)" : name));
    }

    /** What to do with a message frame of these {@code flags}. */
    enum Part {
        /** A whole one-frame message: hand it up. */
        WHOLE,
        /** The first frame of a multi-part message: dropped, and the drop counted. */
        FIRST_DROPPED,
        /** A later part of the message being dropped. */
        DROPPED
    }

    Part part(int flags) {
        boolean more = (flags & ZmtpFrameReader.MORE) != 0;
        Part part = skippingParts ? Part.DROPPED : more ? Part.FIRST_DROPPED : Part.WHOLE;
        skippingParts = more;
        return part;
    }

    /** A frame was read past (over the limit): if it had MORE, the rest of its message is dropped too. */
    void skipped(int flags) {
        skippingParts = (flags & ZmtpFrameReader.MORE) != 0;
    }

    /** A new connection: no message is being dropped. */
    void reset() {
        skippingParts = false;
    }
}
