package io.brine.transport;

import java.nio.ByteBuffer;

/**
 * What the master's side does with the bytes of one of its connections: the peer's greeting (answered with our
 * READY), its READY (the connection opens, the Brine greeting follows), heartbeats and multi-part messages by the
 * rules of {@link ZmtpCommands}, oversized frames of accepted peers read past, and one-frame messages handed to the
 * server's {@link Carrier.Handler}. Used on the router's I/O thread only.
 */
final class ZmtpRouterFrames {
    private final ZmtpServer server;
    private final RouterLimits limits;
    private final Counters counters;
    private final DropLog dropLog;
    /** The Brine greeting every connection gets once its READY is in: a RESET with a body. */
    private final byte[] hello;
    private int framesRead;

    ZmtpRouterFrames(ZmtpServer server, RouterLimits limits, Counters counters, DropLog dropLog, byte[] hello) {
        this.server = server;
        this.limits = limits;
        this.counters = counters;
        this.dropLog = dropLog;
        this.hello = hello;
    }

    /** Frames read so far, of every connection. */
    int framesRead() {
        return framesRead;
    }

    void consume(ZmtpConnection c, ByteBuffer in, Carrier.Handler handler) throws ZmtpException {
        if (c.phase == ZmtpConnection.Phase.GREETING) {
            byte[] greeting = c.readGreeting(in);
            if (greeting == null) {
                return;
            }
            ZmtpGreeting.checkPeer(greeting);
            c.phase = ZmtpConnection.Phase.READY;
            c.queue(ZmtpFrameReader.COMMAND, ZmtpGreeting.ready("ROUTER"));
            server.markDirty(c);
        }
        c.reader.read(in, c.frameLimit, (flags, body, length) -> frame(c, flags, body, handler),
                c.skipOversize ? (flags, size) -> oversize(c, flags, size, handler) : null);
    }

    /** An accepted peer's frame over its limit, read past: the peer is told its limit rather than cut off. */
    private boolean oversize(ZmtpConnection c, int flags, long size, Carrier.Handler handler) {
        counters.drop(Counters.Drop.FRAME_TOO_LARGE);
        dropLog.drop("frame of " + size + " bytes over the limit of " + c.frameLimit + " from "
                + c.address.getHostAddress() + "; read past and dropped");
        c.commands.skipped(flags);
        handler.onOversize(c, size);
        return !c.closed;
    }

    private boolean frame(ZmtpConnection c, int flags, byte[] body, Carrier.Handler handler)
            throws ZmtpException {
        framesRead++;
        if ((flags & ZmtpFrameReader.COMMAND) != 0) {
            command(c, flags, body);
        } else if (c.phase != ZmtpConnection.Phase.OPEN) {
            throw new ZmtpException("message before READY");
        } else {
            switch (c.commands.part(flags)) {
                case WHOLE -> handler.onMessage(c, body);
                case FIRST_DROPPED -> {
                    counters.drop(Counters.Drop.MULTIPART);
                    dropLog.drop("multi-part message from " + c.address.getHostAddress());
                }
                case DROPPED -> {
                }
            }
        }
        return !c.closed;
    }

    private void command(ZmtpConnection c, int flags, byte[] body) throws ZmtpException {
        if (c.phase == ZmtpConnection.Phase.READY) {
            if ((flags & ZmtpFrameReader.MORE) != 0) {
                throw new ZmtpException("command frame with MORE set");
            }
            c.operatorLane = ZmtpServer.grantsOperatorLane(ZmtpGreeting.checkReady(body, "DEALER"), c.address);
            c.phase = ZmtpConnection.Phase.OPEN;
            c.frameLimit = limits.unauthenticatedFrameLimit();
            server.send(c, hello);
            return;
        }
        byte[] pong = ZmtpCommands.answer(flags, body);
        if (pong != null && c.queue(ZmtpFrameReader.COMMAND, pong)) {
            server.markDirty(c);
        }
    }
}
