package io.brine.transport;

import io.brine.protocol.FrameKind;
import io.brine.protocol.MalformedMessageException;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;

/**
 * A dealer's connection to the master: ZMTP 3.1 as a DEALER with the NULL mechanism, over a plain non-blocking
 * channel on its runtime's {@link DealerLoop}, reading and writing with the same {@link ZmtpFrameReader},
 * {@link ZmtpFrameWriter} and {@link ZmtpCommands} as the master's side. Opened, read, written and closed on the
 * loop thread only; frames go up through a {@link FrameSink}, and a connection that fails or breaks is reported to
 * its {@link Lost} listener, which decides when to connect again (one backoff, in {@link DealerHandshake}).
 *
 * <p>Why not JeroMQ's DEALER, which this replaces: JeroMQ 0.6.0's poller could lose a fresh connection's
 * registration, leaving it open and silent (one first contact in 30 waited 2 s). Both ends still speak ZMTP to any
 * ZeroMQ peer: {@code JeromqInteropTest} proves it against JeroMQ's DEALER and ROUTER.
 *
 * <p>Frames sent before the connection is open (the first handshake message) wait for the master's READY, up to
 * the queue's bounds; a lost connection drops what it had queued, sealed for a session the master no longer has.
 */
final class DealerSocket implements DealerLink, ZmtpDealerFrames.Connection {
    private static final Logger LOG = System.getLogger(DealerSocket.class.getName());
    /** Bytes read from one connection per turn, so that a large download cannot starve the other dealers. */
    private static final int READ_PER_TURN = 256 * 1024;
    /** A frame's envelope adds a few bytes to the largest message; anything bigger is not from a master. */
    private static final int ENVELOPE = 64;

    /** Takes the frame in {@code raw[0, length)}; raw is a pooled buffer when the frame is large. */
    @FunctionalInterface
    interface FrameSink {
        void receive(byte[] raw, int length) throws MalformedMessageException;
    }

    /** Hears that the connection failed or broke; the socket is closed by then. */
    @FunctionalInterface
    interface Lost {
        void lost(String reason);
    }

    /** GREETING: connected, greetings and READYs under way; OPEN: the master's READY is in, frames go out. */
    private enum Phase { CONNECTING, GREETING, OPEN }

    private final DealerLoop loop;
    private final DealerLoop.Ready whenReady;
    /** The master's handshake lane this dealer asks for in its READY, or null (see {@link HandshakeQueue}). */
    private final String lane;
    private final FrameBuffers buffers;
    private final long maxFrameIn;
    private final DealerCounters counters;
    private final DropLog dropLog = new DropLog(LOG);
    private final Lost lostListener;
    private final DealerOutbound output;
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
        this.maxFrameIn = (long) settings.maxFrameSize() + ENVELOPE;
        this.buffers = buffers;
        this.counters = counters;
        this.lostListener = lost;
        this.output = new DealerOutbound(settings, counters);
    }

    @Override
    public void open(String endpoint, InetSocketAddress to) throws IOException {
        close();
        generation++;
        address = to;
        stream = new ZmtpDealerFrames(buffers, maxFrameIn);
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
    @Override
    public void close() {
        if (phase == Phase.OPEN) {
            try {
                write();
            } catch (IOException e) {
                // closing anyway
            }
        }
        dropConnection();
    }

    @Override
    public void send(FrameKind kind, byte[] encoded) {
        if (phase == null) {
            return;
        }
        if (!offer(0, encoded)) {
            dropLog.drop("a " + kind + " frame to the master at " + address + ": the queue to it is full");
        }
    }

    private boolean offer(int flags, byte[] body) {
        if (!output.offer(flags, body)) {
            return false;
        }
        if (!dirty && phase == Phase.OPEN) {
            dirty = true;
            loop.dirty(this);
        }
        return true;
    }

    @Override
    public boolean connected() {
        return channel != null && phase != null && phase != Phase.CONNECTING;
    }

    @Override
    public int connections() {
        return connections;
    }

    /** Bytes queued to the master and not yet written. */
    long queuedBytes() {
        return output.queuedBytes();
    }

    int queuedFrames() {
        return output.queuedFrames();
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
        output.greet(lane);
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
        output.clear();
        phase = null;
        dirty = false;
    }

    private void write() throws IOException {
        output.write(channel, key, phase == Phase.OPEN); // the preamble first; frames once open
    }

    private void read(FrameSink sink) throws IOException, ZmtpException {
        ZmtpDealerFrames stream = this.stream;
        int connection = generation;
        this.sink = sink;
        if (!ZmtpFrameReader.drain(channel, loop.readBuffer(), READ_PER_TURN, in -> {
            stream.consume(in, this);
            return connection == generation && phase != null;
        })) {
            lost("the master closed the connection");
        }
    }

    @Override
    public void opened() {
        phase = Phase.OPEN;
        if (output.hasFrames()) {
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
