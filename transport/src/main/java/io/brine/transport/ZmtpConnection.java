package io.brine.transport;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;

/**
 * One accepted TCP connection: where its ZMTP handshake stands, its frame reader, and the output not yet written
 * (bounded: a peer that does not read is closed, not buffered for). Used on the server's I/O thread only.
 */
final class ZmtpConnection extends Link {
    enum Phase { GREETING, READY, OPEN }

    final SocketChannel channel;
    final SelectionKey key;
    final ZmtpFrameReader reader;
    private final ZmtpServer server;
    Phase phase = Phase.GREETING;
    /** Output was queued this turn; the server writes it once the turn's work is done. */
    boolean dirty;
    /** The ZMTP rules for frames after the greeting; drops the parts of multi-part messages. */
    final ZmtpCommands commands = new ZmtpCommands();
    private final byte[] greeting = new byte[ZmtpGreeting.LENGTH];
    private int greetingFilled;
    private final ZmtpFrameWriter output = new ZmtpFrameWriter();

    ZmtpConnection(ZmtpServer server, long id, SocketChannel channel, SelectionKey key, InetAddress address,
            FrameBudget budget, TokenBucket handshakes, long nowNanos) {
        super(id, address, handshakes, nowNanos);
        this.server = server;
        this.channel = channel;
        this.key = key;
        this.reader = new ZmtpFrameReader(budget);
    }

    @Override
    boolean send(byte[] frame) {
        return server.send(this, frame);
    }

    @Override
    void close(String reason) {
        server.close(this, reason);
    }

    @Override
    void handshaking() {
        server.handshaking(this);
    }

    @Override
    void idleAgain() {
        server.idleAgain(this);
    }

    @Override
    String carrier() {
        return "zmq";
    }

    /** Takes greeting bytes from {@code in}; returns the peer's greeting once all 64 bytes are in, else null. */
    byte[] readGreeting(ByteBuffer in) {
        int n = Math.min(in.remaining(), greeting.length - greetingFilled);
        in.get(greeting, greetingFilled, n);
        greetingFilled += n;
        return greetingFilled == greeting.length ? greeting : null;
    }

    /** Queues a ZMTP frame (written by {@link #flush}); false if the peer is not keeping up. */
    boolean queue(int flags, byte[] body) {
        return output.offer(flags, body, Integer.MAX_VALUE, outboundLimit);
    }

    /** Queues raw bytes (the greeting). */
    void sendRaw(byte[] bytes) {
        output.raw(bytes);
    }

    /**
     * Writes queued output until the socket takes no more; watches for writability while some is left. Called
     * once a turn, so that the frames a turn queued for one peer go out in one system call.
     */
    void flush() throws IOException {
        dirty = false;
        int ops = output.writeTo(channel) ? SelectionKey.OP_READ | SelectionKey.OP_WRITE : SelectionKey.OP_READ;
        if (key.isValid() && key.interestOps() != ops) {
            key.interestOps(ops);
        }
    }

    /** Closes the socket; the server has already or will tell the router. */
    void closeSocket() {
        closed = true;
        reader.release();
        output.clear();
        key.cancel();
        try {
            channel.close();
        } catch (IOException e) {
            // closing anyway
        }
    }
}
