package io.brine.transport;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The master's listening socket and its connections, speaking ZMTP 3.x to DEALERs on plain NIO: accepts
 * (within {@link Admission}'s caps), greets, reads frames as their bytes arrive ({@link ZmtpFrameReader}) and
 * writes queued output. A peer that breaks the protocol, exceeds its frame limit or the shared frame budget, or
 * does not read its output loses its connection, counted; nothing a peer sends can reach the caller's thread as
 * an exception. Used on the router's I/O thread only.
 */
final class ZmtpServer implements Carrier {
    private static final System.Logger LOG = System.getLogger(ZmtpServer.class.getName());
    /** Bytes read from one connection per turn, so that one fast sender cannot starve the others. */
    private static final int READ_PER_TURN = 256 * 1024;
    private static final int PRE_OPEN_FRAME_LIMIT = 1024;
    private static final int FLUSH_EVERY = 32;
    private static final long GREETING_TIMEOUT_NANOS = 10_000_000_000L;

    private final Selector selector;
    private final RouterLimits limits;
    private final Counters counters;
    private final DropLog dropLog;
    /** Given with {@link #bind}: nothing is heard before the server listens. */
    private Carrier.Handler handler;
    private final LinkAdmission admitting;
    private final FrameBudget budget;
    private final Map<Long, ZmtpConnection> connections = new HashMap<>();
    private final IdleConnections idle;
    /** Connections with output queued this turn. */
    private final List<ZmtpConnection> dirty = new ArrayList<>();
    private final ByteBuffer readBuffer = ByteBuffer.allocateDirect(64 * 1024);
    private final ZmtpAcceptor acceptor;
    private final ZmtpRouterFrames frames;
    private final LinkIds ids;

    ZmtpServer(Selector selector, RouterLimits limits, Counters counters, DropLog dropLog, byte[] hello,
            LinkAdmission admitting, IdleConnections idle, LinkIds ids) {
        this.selector = selector;
        this.idle = idle;
        this.ids = ids;
        this.limits = limits;
        this.counters = counters;
        this.dropLog = dropLog;
        this.admitting = admitting;
        this.budget = new FrameBudget(limits.frameBudgetBytes());
        this.acceptor = new ZmtpAcceptor(this, admitting, counters, dropLog);
        this.frames = new ZmtpRouterFrames(this, limits, counters, dropLog, hello);
    }

    /**
     * Listens on {@code tcp://host:port} ({@code *} for any host or port), handing what arrives to
     * {@code events}; returns the endpoint bound.
     */
    String bind(String endpoint, Carrier.Handler events) throws IOException {
        this.handler = events;
        return acceptor.bind(endpoint, selector);
    }

    /** Handles the keys the selector reported; returns how many frames were read. */
    int handle(Iterable<SelectionKey> selected) {
        int before = frames.framesRead();
        for (SelectionKey key : selected) {
            if (!key.isValid()) {
                continue;
            }
            if (key.attachment() instanceof ZmtpConnection connection) {
                service(connection, key);
            } else if (key.isAcceptable()) {
                acceptor.acceptAll();
            }
        }
        return frames.framesRead() - before;
    }

    /** Frames read so far, on every connection. */
    int framesRead() {
        return frames.framesRead();
    }

    ZmtpConnection connection(long id) {
        return connections.get(id);
    }

    FrameBudget budget() {
        return budget;
    }

    @Override
    public int links() {
        return connections.size();
    }

    /** Sends a one-frame message; false (and the connection closed) if its peer is not reading. */
    boolean send(ZmtpConnection connection, byte[] body) {
        if (connection.closed || connection.phase != ZmtpConnection.Phase.OPEN) {
            return false;
        }
        if (connection.queue(0, body)) {
            markDirty(connection);
            return true;
        }
        counters.drop(Counters.Drop.SLOW_READER);
        close(connection, "peer does not read its output");
        return false;
    }

    /**
     * Output waits for the end of the turn, so that a burst to one peer (returns to a client) goes out in one
     * system call; but a burst to many peers (a broadcast) is written every {@value #FLUSH_EVERY} connections, so
     * the first minions start on a job while the rest are still being sealed for.
     */
    void markDirty(ZmtpConnection connection) {
        if (!connection.dirty) {
            connection.dirty = true;
            dirty.add(connection);
            if (dirty.size() >= FLUSH_EVERY) {
                flushAll();
            }
        }
    }

    /** Writes what this turn queued, one system call per connection (more only if the socket fills). */
    @Override
    public void flushAll() {
        for (int i = 0; i < dirty.size(); i++) {
            ZmtpConnection c = dirty.get(i);
            if (c.closed) {
                continue;
            }
            try {
                c.flush();
            } catch (IOException e) {
                close(c, "write failed: " + e.getMessage());
            }
        }
        dirty.clear();
    }

    void close(ZmtpConnection connection, String reason) {
        if (connection.closed) {
            return;
        }
        connection.closeSocket();
        connections.remove(connection.id);
        idle.remove(connection);
        admitting.closed(connection.address);
        handler.onClosed(connection, reason);
    }

    /** {@code connection} began a handshake: it is no longer idle, and no new connection closes it. */
    void handshaking(ZmtpConnection connection) {
        idle.remove(connection);
    }

    /** {@code connection}'s peer was dropped while the connection stays open: it is idle again, the newest. */
    void idleAgain(ZmtpConnection connection) {
        if (!connection.closed) {
            idle.idle(connection);
        }
    }

    /** Closes connections stuck before their ZMTP handshake, and open ones the caller says are idle. */
    @Override
    public void sweep(long nowNanos, Predicate<Link> abandoned) {
        List<ZmtpConnection> stale = new ArrayList<>();
        for (ZmtpConnection c : connections.values()) {
            boolean preOpen = c.phase != ZmtpConnection.Phase.OPEN && nowNanos - c.openedNanos > GREETING_TIMEOUT_NANOS;
            if (preOpen || (c.phase == ZmtpConnection.Phase.OPEN && abandoned.test(c))) {
                stale.add(c);
            }
        }
        for (ZmtpConnection c : stale) {
            counters.drop(Counters.Drop.IDLE_CONNECTION);
            close(c, "no handshake in time");
        }
    }

    @Override
    public void close() {
        for (ZmtpConnection c : new ArrayList<>(connections.values())) {
            c.closeSocket();
        }
        connections.clear();
        acceptor.close();
    }

    /** Takes a connection the acceptor admitted: registers it, counts it idle and greets it. */
    void adopt(SocketChannel channel, InetAddress address) throws IOException {
        SelectionKey key = channel.register(selector, SelectionKey.OP_READ);
        long now = System.nanoTime();
        ZmtpConnection c = new ZmtpConnection(this, ids.next(), channel, key, address, budget,
                new TokenBucket(limits.handshakesPerConnectionBurst(), 1, now), now);
        c.frameLimit = PRE_OPEN_FRAME_LIMIT;
        c.outboundLimit = limits.unauthenticatedOutboundBytes();
        key.attach(c);
        connections.put(c.id, c);
        idle.idle(c);
        c.sendRaw(ZmtpGreeting.greeting());
        markDirty(c);
    }

    private void service(ZmtpConnection c, SelectionKey key) {
        try {
            if (key.isWritable()) {
                c.flush();
            }
            if (key.isValid() && key.isReadable()) {
                readFrom(c);
            }
        } catch (ZmtpException e) {
            counters.drop(switch (e.fault()) {
                case PROTOCOL_ERROR -> Counters.Drop.PROTOCOL_ERROR;
                case FRAME_TOO_LARGE -> Counters.Drop.FRAME_TOO_LARGE;
                case FRAME_BUDGET -> Counters.Drop.FRAME_BUDGET;
            });
            dropLog.drop(e.reason() + " from " + c.address.getHostAddress());
            close(c, e.reason());
        } catch (IOException e) {
            close(c, "connection lost");
        } catch (RuntimeException e) {
            // A bug in handling this peer's input, never the peer's fault alone: it costs the peer its
            // connection, not every peer their master.
            LOG.log(System.Logger.Level.ERROR, "handling input from " + c.address.getHostAddress() + " failed", e);
            counters.drop(Counters.Drop.INTERNAL_ERROR);
            close(c, "internal error");
        }
    }

    private void readFrom(ZmtpConnection c) throws IOException, ZmtpException {
        if (!ZmtpFrameReader.drain(c.channel, readBuffer, READ_PER_TURN, in -> {
            frames.consume(c, in, handler);
            return !c.closed;
        })) {
            close(c, "peer closed the connection");
        }
    }

    /**
     * Whether a peer at {@code from} asking for {@code lane} in its READY gets the operator's handshake lane. Only a
     * process on the master's own host may: the claim is not authenticated, and from elsewhere it would let any
     * stranger jump the queue.
     */
    static boolean grantsOperatorLane(String lane, InetAddress from) {
        return ZmtpGreeting.OPERATOR_LANE.equals(lane) && from.isLoopbackAddress();
    }
}
