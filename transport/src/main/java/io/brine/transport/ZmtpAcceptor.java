package io.brine.transport;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;

/**
 * The master's listening socket: binds, and accepts within {@link Admission}'s caps, closing the oldest idle
 * connection to make room rather than refusing a newcomer (a flood of idle connections churns through itself), and
 * never stopping for lack of descriptors. Hands each connection it keeps to its {@link ZmtpServer}, which greets it.
 * Used on the router's I/O thread only.
 */
final class ZmtpAcceptor implements AutoCloseable {
    /** Connections accepted per turn at most, so that a flood of them cannot starve the connections' reads. */
    private static final int PER_TURN = 256;

    private final ZmtpServer server;
    private final LinkAdmission admitting;
    private final Counters counters;
    private final DropLog dropLog;
    private ServerSocketChannel listener;

    ZmtpAcceptor(ZmtpServer server, LinkAdmission admitting, Counters counters, DropLog dropLog) {
        this.server = server;
        this.admitting = admitting;
        this.counters = counters;
        this.dropLog = dropLog;
    }

    /** Listens on {@code endpoint} ({@code *} for any host or port); returns the endpoint bound. */
    String bind(String endpoint, Selector selector) throws IOException {
        ZmtpEndpoint parsed = ZmtpEndpoint.parse(endpoint, true);
        listener = ServerSocketChannel.open();
        listener.bind(new InetSocketAddress(parsed.bindHost(), parsed.port()), 4096);
        listener.configureBlocking(false);
        listener.register(selector, SelectionKey.OP_ACCEPT);
        return ZmtpEndpoint.format((InetSocketAddress) listener.getLocalAddress());
    }

    /**
     * Accepts what is waiting, {@value #PER_TURN} a turn at most. Never stops for idle connections: when out of
     * descriptors, the oldest idle connection is closed to free one (an accept that fails with none to close is
     * tried next turn).
     */
    void acceptAll() {
        for (int i = 0; i < PER_TURN; i++) {
            SocketChannel channel;
            try {
                channel = listener.accept();
            } catch (IOException e) {
                if (admitting.evictOldest("accept failed (" + e.getMessage() + ")")) {
                    continue;
                }
                dropLog.drop("accept failed: " + e.getMessage()); // out of descriptors: try again next turn
                return;
            }
            if (channel == null) {
                return;
            }
            accept(channel);
        }
    }

    private void accept(SocketChannel channel) {
        try {
            InetAddress address = ((InetSocketAddress) channel.getRemoteAddress()).getAddress();
            Admission.Refusal refusal = admitting.admit(address);
            if (refusal != null) {
                counters.drop(Counters.Drop.CONNECTION_REFUSED);
                dropLog.drop(refusal.text + ": " + address.getHostAddress());
                channel.close();
                return;
            }
            channel.configureBlocking(false);
            channel.socket().setTcpNoDelay(true);
            server.adopt(channel, address);
            counters.connectionsAccepted.increment();
        } catch (IOException e) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // gone already
            }
        }
    }

    @Override
    public void close() {
        try {
            if (listener != null) {
                listener.close();
            }
        } catch (IOException e) {
            // closing anyway
        }
    }
}
