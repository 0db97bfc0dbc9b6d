package io.brine.transport;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;

/**
 * One accepted TCP connection: where its ZMTP handshake stands, its frame reader, the limits its peer's state
 * allows, and the output not yet written (bounded: a peer that does not read is closed, not buffered for).
 * Used on the server's I/O thread only.
 */
final class ZmtpConnection {
    enum Phase { GREETING, READY, OPEN }

    final long id;
    final SocketChannel channel;
    final SelectionKey key;
    final InetAddress address;
    final long openedNanos;
    final ZmtpFrameReader reader;
    final TokenBucket handshakes;
    Phase phase = Phase.GREETING;
    int frameLimit;
    /**
     * Whether a frame over {@link #frameLimit} is read past and reported rather than ending the connection: for an
     * accepted peer, whose oversized return must be answered with the limit, not with a reconnect it would repeat.
     */
    boolean skipOversize;
    long outboundLimit;
    /** Output was queued this turn; the server writes it once the turn's work is done. */
    boolean dirty;
    /** The ZMTP rules for frames after the greeting; drops the parts of multi-part messages. */
    final ZmtpCommands commands = new ZmtpCommands();
    boolean closed;
    /**
     * The peer asked for the operator's lane in its READY and connects from this host: its handshakes go before
     * the fleet's (see {@link HandshakeQueue}).
     */
    boolean operatorLane;
    /** First handshake messages dropped for this connection's rate. */
    int rateDrops;
    private final byte[] greeting = new byte[ZmtpGreeting.LENGTH];
    private int greetingFilled;
    private final ZmtpFrameWriter output = new ZmtpFrameWriter();

    ZmtpConnection(long id, SocketChannel channel, SelectionKey key, InetAddress address, FrameBudget budget,
            TokenBucket handshakes, long nowNanos) {
        this.id = id;
        this.channel = channel;
        this.key = key;
        this.address = address;
        this.reader = new ZmtpFrameReader(budget);
        this.handshakes = handshakes;
        this.openedNanos = nowNanos;
    }

    /** Takes greeting bytes from {@code in}; returns the peer's greeting once all 64 bytes are in, else null. */
    byte[] readGreeting(ByteBuffer in) {
        int n = Math.min(in.remaining(), greeting.length - greetingFilled);
        in.get(greeting, greetingFilled, n);
        greetingFilled += n;
        return greetingFilled == greeting.length ? greeting : null;
    }

    /** Queues a ZMTP frame (written by {@link #flush}); false if the peer is not keeping up. */
    boolean send(int flags, byte[] body) {
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

    void close() {
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
