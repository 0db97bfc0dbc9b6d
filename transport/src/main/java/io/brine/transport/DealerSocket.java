package io.brine.transport;

import io.brine.protocol.FrameKind;
import io.brine.protocol.MalformedMessageException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A dealer's connection to the master: ZMTP 3.1 as a DEALER with the NULL mechanism, over a plain non-blocking
 * channel on its runtime's {@link DealerLoop}. Opened, read, written and closed on the loop thread only; frames go
 * up through a {@link FrameSink}.
 *
 * <p>Why not JeroMQ's DEALER, which this replaces: JeroMQ 0.6.0's poller loses a fresh connection's registration
 * when the connect completes in the same turn as other work for its I/O thread. The connecter's cancelled handle
 * and the engine's new one, on the same channel, then meet in one pass over the poller's handles, and whichever
 * comes second undoes the first; the connection sits open and silent and never sends its greeting. Measured
 * here: one first contact in 30 waited for the 2 s first-handshake timeout, one in 60 more than 5 s (two in a
 * row), and {@code brine doctor} failed in CI on it. The master's side has long been Brine's own ZMTP server
 * ({@link ZmtpServer}); this is its counterpart. Both still speak ZMTP to any ZeroMQ peer: tests connect JeroMQ's
 * DEALER to the router and this dealer to JeroMQ's ROUTER.
 *
 * <p>As a ZeroMQ socket does, a socket opened here connects again by itself when its connection fails or is lost
 * (after 200 ms, doubling up to 5 s, each wait with up to 200 ms of jitter), until {@link #close}: the master
 * greets every new connection, which is how the handshake learns that its connection was re-made. Frames sent
 * before the first connection is up wait for it, up to the queue's bounds; frames queued on a connection that is
 * lost, or sent before the next one is up, are dropped, sealed as they are for a session the master no longer
 * has.
 */
final class DealerSocket {
    private static final Logger LOG = System.getLogger(DealerSocket.class.getName());
    static final long RECONNECT_MIN_MILLIS = 200;
    static final long RECONNECT_MAX_MILLIS = 5000;
    /** Bytes read from one connection per turn, so that a large download cannot starve the other dealers. */
    private static final int READ_PER_TURN = 256 * 1024;
    /** Buffers handed to one gathering write. */
    private static final int MAX_GATHER = 64;
    /**
     * Bytes queued to the master at most (or four of the largest frames, if more): with the high-water mark
     * alone, a master that stops reading could make a dealer hold 100,000 file chunks.
     */
    private static final long MAX_QUEUED_BYTES = 64L * 1024 * 1024;
    /** A frame body bigger than a pool buffer starts this large and grows as its bytes arrive. */
    private static final int FIRST_CHUNK = 64 * 1024;

    /** Takes the frame in {@code raw[0, length)}; raw is a pooled buffer when the frame is large. */
    interface FrameSink {
        void receive(byte[] raw, int length) throws MalformedMessageException;
    }

    private enum Phase {
        /** Waiting to connect again. */
        WAITING,
        CONNECTING,
        /** Connected; our greeting and READY are going out, the master's greeting is coming in. */
        GREETING,
        /** Greetings exchanged; waiting for the master's READY. */
        READY,
        OPEN
    }

    /** One outgoing frame: its ZMTP header and its body, written by one gathering write with others. */
    private record Out(ByteBuffer header, ByteBuffer body) {
        boolean written() {
            return !body.hasRemaining() && !header.hasRemaining();
        }
    }

    private final DealerLoop loop;
    private final DealerLoop.Ready whenReady;
    /** The master's handshake lane this dealer asks for in its READY, or null (see {@link HandshakeQueue}). */
    private final String lane;
    private final TransportSettings settings;
    private final FrameBuffers buffers;
    private final ArrayDeque<Out> outbound = new ArrayDeque<>();
    /** Bytes of the frames in {@link #outbound}, counted whole until each is written. */
    private long outboundBytes;
    /** Frames dropped because the queue to the master was full. */
    private long dropped;
    private long pings;
    private final byte[] greeting = new byte[ZmtpGreeting.LENGTH];
    private final ZmtpFrameHeader header = new ZmtpFrameHeader();

    /** Null while closed. */
    private InetSocketAddress address;
    private SocketChannel channel;
    private SelectionKey key;
    private Phase phase;
    /** Counts connections, so that a sink that closed or re-made the socket stops the reading of the old one. */
    private int generation;
    private long reconnectAt;
    private long reconnectDelay = RECONNECT_MIN_MILLIS;
    /** Our greeting and READY, written before any frame. */
    private ByteBuffer preamble;
    private boolean dirty;
    /** An open connection was lost and no other is open yet: frames sent meanwhile belong to a dead session. */
    private boolean staleUntilOpen;

    private int greetingFilled;
    private int flags;
    private byte[] body;
    private int bodySize;
    private int bodyFilled;
    /** The parts of a multi-part message are dropped: the master sends one frame a message. */
    private boolean skippingParts;

    /**
     * @param whenReady what the loop calls when the selector reports this socket's key
     * @param lane      the master's handshake lane to ask for ({@link ZmtpGreeting#OPERATOR_LANE}), or null
     */
    DealerSocket(DealerLoop loop, DealerLoop.Ready whenReady, String lane, TransportSettings settings,
            FrameBuffers buffers) {
        this.loop = loop;
        this.whenReady = whenReady;
        this.lane = lane;
        this.settings = settings;
        this.buffers = buffers;
    }

    /**
     * Connects to {@code tcp://host:port}; throws (and holds nothing) if the address is unusable, with an
     * {@link UnknownHostException} as the cause when the name does not resolve.
     */
    void open(String endpoint) {
        close();
        address = resolve(endpoint);
        reconnectDelay = RECONNECT_MIN_MILLIS;
        connect(MonotonicMillis.now());
    }

    /**
     * Closes the connection without a word to the master; what is queued goes out first if the socket takes it
     * at once (a reply sent just before a command exits), never waiting for it.
     */
    void close() {
        if (address == null) {
            return;
        }
        if (phase == Phase.OPEN) {
            try {
                write();
            } catch (IOException e) {
                // closing anyway
            }
        }
        dropConnection();
        outbound.clear();
        outboundBytes = 0;
        address = null;
        phase = null;
        staleUntilOpen = false;
    }

    /** Queues a frame; never blocks (past the high-water mark the frame is dropped, as a lost frame would be). */
    void send(FrameKind kind, byte[] encoded) {
        if (address == null) {
            return;
        }
        if (staleUntilOpen) {
            // Sealed for the session of the connection that was lost: the master will not know it on the next
            // one (and would take a large frame for a stranger's). The handshake starts again there, and what
            // matters is sent again: returns from the spool, held messages once the session is back.
            LOG.log(Level.DEBUG, "dropped a " + kind + " frame sealed for the lost connection's session");
            return;
        }
        if (!hasRoomFor(encoded.length)) {
            dropped++;
            LOG.log(Level.DEBUG, "dropped a " + kind + " frame: the queue to the master is full");
            return;
        }
        enqueue(0, encoded);
    }

    private boolean hasRoomFor(int bytes) {
        return outbound.size() < settings.highWaterMark()
                && outboundBytes + bytes <= Math.max(MAX_QUEUED_BYTES, 4L * settings.maxFrameSize());
    }

    private void enqueue(int flags, byte[] body) {
        outbound.add(new Out(frameHeader(flags, body.length), ByteBuffer.wrap(body)));
        outboundBytes += body.length;
        markDirty();
    }

    /** The connection is established (the master's host accepted it), whatever the master has said on it. */
    boolean connected() {
        return channel != null && (phase == Phase.GREETING || phase == Phase.READY || phase == Phase.OPEN);
    }

    /** The open connection was lost and no new one is open yet: what it carried, a session too, is gone. */
    boolean lostSinceOpen() {
        return staleUntilOpen;
    }

    long queuedBytes() {
        return outboundBytes;
    }

    long dropped() {
        return dropped;
    }

    int queuedFrames() {
        return outbound.size();
    }

    /** PINGs the master sent and this socket answered (or dropped the answer to, counted in {@link #dropped}). */
    long pings() {
        return pings;
    }

    /** Connects again once the wait after a lost connection is over. */
    void tick(long now) {
        if (phase == Phase.WAITING && now >= reconnectAt) {
            connect(now);
        }
    }

    /** Handles what the selector reported for this socket's key; returns how many frames went up. */
    int onReady(SelectionKey ready, FrameSink sink) {
        if (ready != key || !ready.isValid()) {
            return 0;
        }
        try {
            if (ready.isConnectable()) {
                if (!channel.finishConnect()) {
                    return 0;
                }
                onConnected();
            }
            if (ready.isValid() && ready.isWritable()) {
                write();
            }
            if (ready.isValid() && ready.isReadable()) {
                return read(sink);
            }
        } catch (IOException e) {
            lost(phase == Phase.CONNECTING ? "cannot connect: " + e.getMessage() : "connection lost: "
                    + e.getMessage());
        } catch (ZmtpException e) {
            LOG.log(Level.WARNING, "the master at " + address + " broke ZMTP (" + e.reason() + "); connecting again");
            lost(e.reason());
        }
        return 0;
    }

    /** Writes what this turn queued; called by the loop once a turn. */
    void flush() {
        dirty = false;
        if (channel == null || phase == Phase.WAITING || phase == Phase.CONNECTING) {
            return;
        }
        try {
            write();
        } catch (IOException e) {
            lost("write failed: " + e.getMessage());
        }
    }

    private void markDirty() {
        if (!dirty && phase == Phase.OPEN) {
            dirty = true;
            loop.dirty(this);
        }
    }

    private static InetSocketAddress resolve(String endpoint) {
        if (!endpoint.startsWith("tcp://") || endpoint.lastIndexOf(':') < 6) {
            throw new IllegalArgumentException("not a tcp://host:port address: " + endpoint);
        }
        String host = endpoint.substring(6, endpoint.lastIndexOf(':'));
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        int port;
        try {
            port = Integer.parseInt(endpoint.substring(endpoint.lastIndexOf(':') + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a port: " + endpoint);
        }
        try {
            return new InetSocketAddress(InetAddress.getByName(host), port);
        } catch (UnknownHostException e) {
            throw new UncheckedIOException("cannot resolve " + host, e);
        }
    }

    private void connect(long now) {
        generation++;
        greetingFilled = 0;
        header.reset();
        body = null;
        skippingParts = false;
        try {
            channel = SocketChannel.open();
            channel.configureBlocking(false);
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            boolean done = channel.connect(address);
            key = loop.register(channel, done ? SelectionKey.OP_READ : SelectionKey.OP_CONNECT, whenReady);
            phase = Phase.CONNECTING;
            if (done) {
                onConnected();
            }
        } catch (IOException e) {
            lost("cannot connect: " + e.getMessage());
        }
    }

    private void onConnected() throws IOException {
        phase = Phase.GREETING;
        byte[] ready = ZmtpGreeting.ready("DEALER", lane);
        ByteBuffer first = ByteBuffer.allocate(ZmtpGreeting.LENGTH + 9 + ready.length);
        first.put(ZmtpGreeting.greeting()).put(frameHeader(ZmtpFrameReader.COMMAND, ready.length)).put(ready);
        preamble = first.flip();
        write();
    }

    /** The connection failed or broke: drop it and connect again after a while. */
    private void lost(String reason) {
        boolean wasOpen = phase == Phase.OPEN;
        dropConnection();
        if (wasOpen) {
            staleUntilOpen = true;
            outbound.clear();
            outboundBytes = 0;
            reconnectDelay = RECONNECT_MIN_MILLIS;
        }
        long delay = reconnectDelay + ThreadLocalRandom.current().nextLong(RECONNECT_MIN_MILLIS);
        reconnectDelay = Math.min(2 * reconnectDelay, RECONNECT_MAX_MILLIS);
        reconnectAt = MonotonicMillis.now() + delay;
        phase = Phase.WAITING;
        LOG.log(Level.DEBUG, "connection to the master at " + address + " ended (" + reason + "); again in "
                + delay + " ms");
    }

    private void dropConnection() {
        if (key != null) {
            key.cancel();
            key = null;
        }
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException e) {
                // closing anyway
            }
            channel = null;
        }
        preamble = null;
        body = null;
        dirty = false;
    }

    /** Writes the preamble, then (once open) queued frames, until the socket takes no more. */
    private void write() throws IOException {
        if (preamble != null) {
            channel.write(preamble);
            if (preamble.hasRemaining()) {
                interest(true);
                return;
            }
            preamble = null;
        }
        if (phase == Phase.OPEN) {
            while (!outbound.isEmpty()) {
                long written = channel.write(gather());
                while (!outbound.isEmpty() && outbound.peek().written()) {
                    outboundBytes -= outbound.poll().body().capacity();
                }
                if (written == 0) {
                    break;
                }
            }
        }
        interest(phase == Phase.OPEN && !outbound.isEmpty());
    }

    private ByteBuffer[] gather() {
        ByteBuffer[] batch = new ByteBuffer[2 * Math.min(MAX_GATHER / 2, outbound.size())];
        int i = 0;
        for (Out out : outbound) {
            if (i == batch.length) {
                break;
            }
            batch[i++] = out.header();
            batch[i++] = out.body();
        }
        return batch;
    }

    private void interest(boolean write) {
        int ops = write ? SelectionKey.OP_READ | SelectionKey.OP_WRITE : SelectionKey.OP_READ;
        if (key != null && key.isValid() && key.interestOps() != ops) {
            key.interestOps(ops);
        }
    }

    private int read(FrameSink sink) throws IOException, ZmtpException {
        ByteBuffer in = loop.readBuffer();
        int connection = generation;
        int total = 0;
        int frames = 0;
        while (total < READ_PER_TURN) {
            in.clear();
            int n = channel.read(in);
            if (n < 0) {
                lost("the master closed the connection");
                return frames;
            }
            if (n == 0) {
                break;
            }
            total += n;
            boolean drained = in.hasRemaining(); // a short read: the socket is empty for now
            in.flip();
            frames += consume(in, sink, connection);
            if (connection != generation || address == null || drained) {
                break;
            }
        }
        return frames;
    }

    private int consume(ByteBuffer in, FrameSink sink, int connection) throws ZmtpException, IOException {
        if (phase == Phase.GREETING) {
            int n = Math.min(in.remaining(), greeting.length - greetingFilled);
            in.get(greeting, greetingFilled, n);
            greetingFilled += n;
            if (greetingFilled < greeting.length) {
                return 0;
            }
            ZmtpGreeting.checkPeer(greeting);
            phase = Phase.READY;
        }
        int frames = 0;
        while (in.hasRemaining() && connection == generation && address != null) {
            if (body == null && !readHeader(in)) {
                return frames;
            }
            int wanted = Math.min(in.remaining(), bodySize - bodyFilled);
            if (bodyFilled + wanted > body.length) {
                body = Arrays.copyOf(body, (int) Math.min(bodySize, Math.max(2L * body.length,
                        bodyFilled + (long) wanted)));
            }
            in.get(body, bodyFilled, wanted);
            bodyFilled += wanted;
            if (bodyFilled == bodySize) {
                byte[] done = body;
                body = null;
                if (frame(done, bodySize, sink)) {
                    frames++;
                }
            }
        }
        return frames;
    }

    /** Reads a frame's flags and size; false until all of the header is here. */
    private boolean readHeader(ByteBuffer in) throws ZmtpException {
        if (!header.read(in)) {
            return false;
        }
        long size = header.size();
        // A frame's envelope adds a few bytes to the largest message; anything bigger is not from a master.
        if (size < 0 || size > settings.maxFrameSize() + 64L) {
            throw new ZmtpException("frame too large (" + size + " bytes)");
        }
        flags = header.flags();
        bodySize = (int) size;
        bodyFilled = 0;
        // Memory follows the bytes for a frame larger than a pool buffer, so a header alone costs little.
        body = bodySize > FrameBuffers.BUFFER_SIZE ? new byte[Math.max(FIRST_CHUNK, Math.min(bodySize,
                in.remaining()))] : buffers.allocate(bodySize).array();
        return true;
    }

    /** One complete frame; true if it went up to the sink. */
    private boolean frame(byte[] raw, int length, FrameSink sink) throws ZmtpException, IOException {
        if ((flags & ZmtpFrameReader.COMMAND) != 0) {
            command(raw, length);
            return false;
        }
        if (phase != Phase.OPEN) {
            throw new ZmtpException("message before READY");
        }
        if ((flags & ZmtpFrameReader.MORE) != 0 || skippingParts) {
            if (!skippingParts) {
                LOG.log(Level.WARNING, "dropped a multi-part message from the master");
            }
            skippingParts = (flags & ZmtpFrameReader.MORE) != 0;
            return false;
        }
        try {
            sink.receive(raw, length);
        } catch (MalformedMessageException e) {
            LOG.log(Level.WARNING, "dropped a malformed frame from the master: " + e.getMessage());
        } catch (RuntimeException e) {
            // The listener's failure costs that message, never the stream: the bytes after it are read as usual.
            LOG.log(Level.ERROR, "handling a message from the master failed; the connection carries on", e);
        }
        return true;
    }

    private void command(byte[] raw, int length) throws ZmtpException, IOException {
        byte[] command = raw.length == length ? raw : Arrays.copyOf(raw, length);
        if (phase == Phase.READY) {
            ZmtpGreeting.checkReady(command, "ROUTER");
            phase = Phase.OPEN;
            staleUntilOpen = false;
            write();
            return;
        }
        String name = ZmtpGreeting.commandName(command);
        if ("PING".equals(name)) {
            pings++;
            byte[] pong = ZmtpGreeting.pongFor(command);
            if (hasRoomFor(pong.length)) {
                enqueue(ZmtpFrameReader.COMMAND, pong); // a peer pinging without reading fills the same bound
            } else {
                dropped++;
            }
        } else if ("ERROR".equals(name)) {
            throw new ZmtpException("the master sent a ZMTP ERROR");
        }
    }

    private static ByteBuffer frameHeader(int flags, int size) {
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
}
