package io.brine.transport;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * What a dealer's side does with the bytes of one connection to the master (one of these per connection): the
 * master's greeting, its READY (the connection opens), heartbeats and multi-part messages by the rules of
 * {@link ZmtpCommands}, and one-frame messages handed to the socket. The dealer's counterpart of
 * {@link ZmtpRouterFrames}. Used on the dealers' loop thread only.
 */
final class ZmtpDealerFrames {
    /** What the frames read ask of the connection. */
    interface Connection {
        /** The master's READY arrived: frames may go out. */
        void opened();

        /** Queues a PONG answering the master's PING. */
        void pong(byte[] pong);

        /** A one-frame message, in {@code raw[0, length)}; false to stop reading (the connection closed). */
        boolean message(byte[] raw, int length);

        /** The first frame of a multi-part message was dropped. */
        void multipartDropped();
    }

    private final ZmtpFrameReader reader;
    private final long limit;
    private final ZmtpCommands commands = new ZmtpCommands();
    private final byte[] greeting = new byte[ZmtpGreeting.LENGTH];
    private int greetingFilled;
    private boolean greeted;
    private boolean open;

    /** @param limit the largest frame body taken from the master; a larger one ends the connection */
    ZmtpDealerFrames(FrameMemory memory, long limit) {
        this.reader = new ZmtpFrameReader(memory);
        this.limit = limit;
    }

    /** The master's READY has arrived. */
    boolean open() {
        return open;
    }

    void consume(ByteBuffer in, Connection connection) throws ZmtpException {
        if (!greeted) {
            int n = Math.min(in.remaining(), greeting.length - greetingFilled);
            in.get(greeting, greetingFilled, n);
            greetingFilled += n;
            if (greetingFilled < greeting.length) {
                return;
            }
            ZmtpGreeting.checkPeer(greeting);
            greeted = true;
        }
        reader.read(in, limit, (flags, raw, length) -> frame(flags, raw, length, connection));
    }

    /** Gives back what a frame still arriving holds: the connection closed. */
    void release() {
        reader.release();
    }

    private boolean frame(int flags, byte[] raw, int length, Connection connection) throws ZmtpException {
        if ((flags & ZmtpFrameReader.COMMAND) != 0) {
            return command(flags, Arrays.copyOf(raw, length), connection);
        }
        if (!open) {
            throw new ZmtpException("message before READY");
        }
        return switch (commands.part(flags)) {
            case WHOLE -> connection.message(raw, length);
            case FIRST_DROPPED -> {
                connection.multipartDropped();
                yield true;
            }
            case DROPPED -> true;
        };
    }

    private boolean command(int flags, byte[] command, Connection connection) throws ZmtpException {
        if (!open) {
            if ((flags & ZmtpFrameReader.MORE) != 0) {
                throw new ZmtpException("command frame with MORE set");
            }
            ZmtpGreeting.checkReady(command, "ROUTER");
            open = true;
            connection.opened();
            return true;
        }
        byte[] pong = ZmtpCommands.answer(flags, command);
        if (pong != null) {
            connection.pong(pong);
        }
        return true;
    }
}
