package io.brine.transport;

import io.brine.protocol.FrameKind;
import io.brine.protocol.MalformedMessageException;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;

/**
 * A dealer's connection to the master: ZMTP 3.1 as a DEALER with the NULL mechanism, over a plain non-blocking
 * channel on its runtime's {@link DealerLoop}, reading and writing with the same {@link ZmtpFrameReader},
 * {@link ZmtpFrameWriter} and {@link ZmtpCommands} as the master's side. Opened, read, written and closed on the
 * loop thread only; frames go up through a {@link FrameSink}, and a connection that fails or breaks is reported to
 * its {@link Lost} listener, which decides when to connect again (one backoff, in {@link DealerHandshake}).
 *
 * <p>Why not JeroMQ's DEALER, which this replaces: JeroMQ 0.6.0's poller loses a fresh connection's registration
 * when the connect completes in the same turn as other work for its I/O thread; the connection sits open and silent
 * and never sends its greeting (one first contact in 30 waited for the 2 s first-handshake timeout, and
 * {@code brine doctor} failed in CI on it). Both ends still speak ZMTP to any ZeroMQ peer: tests connect JeroMQ's
 * DEALER to the router and this dealer to JeroMQ's ROUTER.
 *
 * <p>Frames sent before the connection is open (the first handshake message) wait for the master's READY, up to
 * the queue's bounds; a lost connection drops what it had queued, sealed for a session the master no longer has.
 */
final class DealerSocket implements ZmtpDealerFrames.Connection {
    private static final Logger LOG = System.getLogger(DealerSocket.class.getName());
    /** Bytes read from one connection per turn, so that a large download cannot starve the other dealers. */
    private static final int READ_PER_TURN = 256 * 1024;
    /**
     * Bytes queued to the master at most (or four of the largest frames, if more): with the high-water mark
     * alone, a master that stops reading could make a dealer hold 100,000 file chunks.
     */
    private static final long MAX_QUEUED_BYTES = 64L * 1024 * 1024;
    /** A frame's envelope adds a few bytes to the largest message; anything bigger is not from a master. */
    private static final int ENVELOPE = 64;

    /** Takes the frame in {@code raw[0, length)}; raw is a pooled buffer when the frame is large. */
    interface FrameSink {
        void receive(byte[] raw, int length) throws MalformedMessageException;
    }

    /** Hears that the connection failed or broke; the socket is closed by then. */
    interface Lost {
        void lost(String reason);
    }

    private enum Phase {
        CONNECTING,
        /** Connected; greetings and READYs under way ({@link ZmtpDealerFrames}). */
        GREETING,
        /** The master's READY is in: frames go out. */
        OPEN
    }

    private final DealerLoop loop;
    private final DealerLoop.Ready whenReady;
    /** The master's handshake lane this dealer asks for in its READY, or null (see {@link HandshakeQueue}). */
    private final String lane;
    private final TransportSettings settings;
    private final FrameBuffers buffers;
    private final DealerCounters counters;
    private final DropLog dropLog = new DropLog(LOG);
    private final Lost lostListener;
    /** Our greeting and READY, written before any frame. */
    private final ZmtpFrameWriter preamble = new ZmtpFrameWriter();
    private final ZmtpFrameWriter frames = new ZmtpFrameWriter();
    /** The current connection's ZMTP reading. */
    private ZmtpDealerFrames stream;
    /** Where the frames being read go; set by each read. */
    private FrameSink sink;
    private long pings;

    private InetSocketAddress address;
    private SocketChannel channel;
    private SelectionKey key;
    /** Null while closed. */
    private Phase phase;
    /** Counts connections, so that a sink that closed the socket stops the reading of the old connection. */
    private int generation;
    private boolean dirty;
    /** Connections made (the master's host accepted them); read from any thread. */
    private volatile int connections;

    /**
     * @param whenReady what the loop calls when the selector reports this socket's key
     * @param lane      the master's handshake lane to ask for ({@link ZmtpGreeting#OPERATOR_LANE}), or null
     */
    DealerSocket(DealerLoop loop, DealerLoop.Ready whenReady, String lane, TransportSettings settings,
            FrameBuffers buffers, DealerCounters counters, Lost lost) {
        this.loop = loop;
        this.whenReady = whenReady;
        this.lane = lane;
        this.settings = settings;
        this.buffers = buffers;
        this.counters = counters;
        this.lostListener = lost;
    }

    /** Connects to {@code to}, closing any connection first; throws (holding nothing) if it cannot begin. */
    void open(InetSocketAddress to) throws IOException {
        close();
        generation++;
        address = to;
        stream = new ZmtpDealerFrames(buffers, (long) settings.maxFrameSize() + ENVELOPE);
        try {
            channel = SocketChannel.open();
            channel.configureBlocking(false);
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            boolean done = channel.connect(to);
            key = loop.register(channel, done ? SelectionKey.OP_READ : SelectionKey.OP_CONNECT, whenReady);
            phase = Phase.CONNECTING;
            if (done) {
                onConnected();
            }
        } catch (IOException e) {
            dropConnection();
            throw e;
        }
    }

    /**
     * Closes the connection without a word to the master; what is queued goes out first if the socket takes it
     * at once (a reply sent just before a command exits), never waiting for it.
     */
    void close() {
        if (phase == Phase.OPEN) {
            try {
                write();
            } catch (IOException e) {
                // closing anyway
            }
        }
        dropConnection();
    }

    /** Queues a frame; never blocks (past the queue's bounds the frame is dropped and counted). */
    void send(FrameKind kind, byte[] encoded) {
        if (phase == null) {
            return;
        }
        if (!offer(0, encoded)) {
            dropLog.drop("a " + kind + " frame to the master at " + address + ": the queue to it is full");
        }
    }

    private boolean offer(int flags, byte[] body) {
        if (!frames.offer(flags, body, settings.highWaterMark(),
                Math.max(MAX_QUEUED_BYTES, 4L * settings.maxFrameSize()))) {
            counters.drop(DealerCounters.Drop.QUEUE_FULL);
            return false;
        }
        if (!dirty && phase == Phase.OPEN) {
            dirty = true;
            loop.dirty(this);
        }
        return true;
    }

    /** The connection is established (the master's host accepted it), whatever the master has said on it. */
    boolean connected() {
        return channel != null && phase != null && phase != Phase.CONNECTING;
    }

    int connections() {
        return connections;
    }

    /** Bytes queued to the master and not yet written. */
    long queuedBytes() {
        return frames.queuedBytes();
    }

    int queuedFrames() {
        return frames.queuedFrames();
    }

    /** PINGs the master sent and this socket answered (or dropped the answer to, counted as QUEUE_FULL). */
    long pings() {
        return pings;
    }

    /** Handles what the selector reported for this socket's key. */
    void onReady(SelectionKey ready, FrameSink sink) {
        if (ready != key || !ready.isValid()) {
            return;
        }
        try {
            if (ready.isConnectable()) {
                if (!channel.finishConnect()) {
                    return;
                }
                onConnected();
            }
            if (ready.isValid() && ready.isWritable()) {
                write();
            }
            if (ready.isValid() && ready.isReadable()) {
                read(sink);
            }
        } catch (IOException e) {
            lost((phase == Phase.CONNECTING ? "cannot connect: " : "connection lost: ") + e.getMessage());
        } catch (ZmtpException e) {
            counters.drop(e.fault());
            dropLog.drop("the master at " + address + " broke ZMTP (" + e.reason() + "); connecting again");
            lost(e.reason());
        }
    }

    /** Writes what this turn queued; called by the loop once a turn. */
    void flush() {
        dirty = false;
        if (connected()) {
            try {
                write();
            } catch (IOException e) {
                lost("write failed: " + e.getMessage());
            }
        }
    }

    private void onConnected() throws IOException {
        connections++;
        phase = Phase.GREETING;
        preamble.raw(ZmtpGreeting.greeting());
        preamble.offer(ZmtpFrameReader.COMMAND, ZmtpGreeting.ready("DEALER", lane), 2, Long.MAX_VALUE);
        write();
    }

    /** The connection failed or broke: drop it and tell the listener. */
    private void lost(String reason) {
        dropConnection();
        LOG.log(Level.DEBUG, "connection to the master at " + address + " ended (" + reason + ")");
        lostListener.lost(reason);
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
        if (stream != null) {
            stream.release();
        }
        preamble.clear();
        frames.clear();
        phase = null;
        dirty = false;
    }

    /** Writes the preamble, then (once open) queued frames, until the socket takes no more. */
    private void write() throws IOException {
        boolean left = preamble.writeTo(channel) || (phase == Phase.OPEN && frames.writeTo(channel));
        int ops = left ? SelectionKey.OP_READ | SelectionKey.OP_WRITE : SelectionKey.OP_READ;
        if (key != null && key.isValid() && key.interestOps() != ops) {
            key.interestOps(ops);
        }
    }

    private void read(FrameSink sink) throws IOException, ZmtpException {
        ZmtpDealerFrames stream = this.stream;
        ByteBuffer in = loop.readBuffer();
        int connection = generation;
        this.sink = sink;
        int total = 0;
        while (total < READ_PER_TURN) {
            in.clear();
            int n = channel.read(in);
            if (n < 0) {
                lost("the master closed the connection");
                return;
            }
            if (n == 0) {
                return;
            }
            total += n;
            boolean drained = in.hasRemaining(); // a short read: the socket is empty for now
            in.flip();
            stream.consume(in, this);
            if (connection != generation || phase == null || drained) {
                return;
            }
        }
    }

    // What the current connection's frames ask of the socket (ZmtpDealerFrames.Connection).

    @Override
    public void opened() {
        phase = Phase.OPEN;
        if (!frames.isEmpty()) {
            dirty = true;
            loop.dirty(this);
        }
    }

    @Override
    public void pong(byte[] pong) {
        pings++;
        offer(ZmtpFrameReader.COMMAND, pong); // a peer pinging without reading fills the same bound
    }

    @Override
    public boolean message(byte[] raw, int length) {
        int connection = generation;
        try {
            sink.receive(raw, length);
        } catch (MalformedMessageException e) {
            counters.drop(DealerCounters.Drop.MALFORMED_FRAME);
            dropLog.drop("a malformed frame from the master: " + e.getMessage());
        } catch (RuntimeException e) {
            // The listener's failure costs that message, never the stream: the bytes after it are read.
            LOG.log(Level.ERROR, "handling a message from the master failed; the connection carries on", e);
        }
        return connection == generation && phase != null; // else the sink closed this connection
    }

    @Override
    public void multipartDropped() {
        counters.drop(DealerCounters.Drop.MULTIPART);
        dropLog.drop("a multi-part message from the master at " + address);
    }
}
