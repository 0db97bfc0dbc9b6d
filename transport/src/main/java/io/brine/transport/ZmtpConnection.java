package io.brine.transport;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.ArrayDeque;

/**
 * One accepted TCP connection: where its ZMTP handshake stands, its frame reader, the limits its peer's state
 * allows, and the output not yet written (bounded: a peer that does not read is closed, not buffered for).
 * Used on the server's I/O thread only.
 */
final class ZmtpConnection {
    enum Phase { GREETING, READY, OPEN }

    private static final int MAX_GATHER = 64;

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
    /** A multi-part message is being skipped: Brine's messages are one frame each. */
    boolean skippingParts;
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
    private final ArrayDeque<ByteBuffer> outbound = new ArrayDeque<>();
    private long outboundBytes;

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
        if (outboundBytes + body.length > outboundLimit) {
            return false;
        }
        boolean large = body.length > 255;
        ByteBuffer header = ByteBuffer.allocate(large ? 9 : 2);
        header.put((byte) (flags | (large ? ZmtpFrameReader.LONG : 0)));
        if (large) {
            header.putLong(body.length);
        } else {
            header.put((byte) body.length);
        }
        header.flip();
        return enqueue(header) && enqueue(ByteBuffer.wrap(body));
    }

    /** Queues raw bytes (the greeting). */
    boolean sendRaw(byte[] bytes) {
        return enqueue(ByteBuffer.wrap(bytes));
    }

    private boolean enqueue(ByteBuffer buffer) {
        outbound.add(buffer);
        outboundBytes += buffer.remaining();
        return true;
    }

    boolean hasOutput() {
        return !outbound.isEmpty();
    }

    /**
     * Writes queued output until the socket takes no more; watches for writability while some is left. Called
     * once a turn, so that the frames a turn queued for one peer go out in one system call.
     */
    void flush() throws IOException {
        dirty = false;
        while (!outbound.isEmpty()) {
            ByteBuffer[] batch = outbound.size() == 1 ? new ByteBuffer[] {outbound.peek()} : gather();
            long written = channel.write(batch);
            outboundBytes -= written;
            while (!outbound.isEmpty() && !outbound.peek().hasRemaining()) {
                outbound.poll();
            }
            if (written == 0) {
                break;
            }
        }
        int ops = outbound.isEmpty() ? SelectionKey.OP_READ : SelectionKey.OP_READ | SelectionKey.OP_WRITE;
        if (key.isValid() && key.interestOps() != ops) {
            key.interestOps(ops);
        }
    }

    private ByteBuffer[] gather() {
        ByteBuffer[] batch = new ByteBuffer[Math.min(MAX_GATHER, outbound.size())];
        int i = 0;
        for (ByteBuffer b : outbound) {
            if (i == batch.length) {
                break;
            }
            batch[i++] = b;
        }
        return batch;
    }

    void close() {
        closed = true;
        reader.release();
        outbound.clear();
        outboundBytes = 0;
        key.cancel();
        try {
            channel.close();
        } catch (IOException e) {
            // closing anyway
        }
    }
}
