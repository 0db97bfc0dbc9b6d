package io.brine.http;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.SocketChannelEndPoint;

/**
 * Closes a new connection at once when its address already holds {@code limit}: a client opening connections
 * in bulk, slow or not, uses up its own share and nobody else's. Counted on the network connection only (under
 * TLS, the HTTP connection inside it is the same socket).
 */
final class PerAddressLimit implements Connection.Listener {
    private final int limit;
    private final Map<String, AtomicInteger> open = new ConcurrentHashMap<>();
    private final Map<Connection, String> counted = new ConcurrentHashMap<>();
    private final LongAdder refused = new LongAdder();

    PerAddressLimit(int limit) {
        this.limit = limit;
    }

    @Override
    public void onOpened(Connection connection) {
        if (!(connection.getEndPoint() instanceof SocketChannelEndPoint endPoint)) {
            return;
        }
        String address = host(endPoint.getRemoteSocketAddress());
        AtomicInteger n = open.computeIfAbsent(address, a -> new AtomicInteger());
        counted.put(connection, address);
        if (n.incrementAndGet() > limit) {
            refused.increment();
            endPoint.close();
        }
    }

    @Override
    public void onClosed(Connection connection) {
        String address = counted.remove(connection);
        if (address != null) {
            open.computeIfPresent(address, (a, n) -> n.decrementAndGet() <= 0 ? null : n);
        }
    }

    long refused() {
        return refused.sum();
    }

    private static String host(SocketAddress address) {
        return address instanceof InetSocketAddress inet && inet.getAddress() != null
                ? inet.getAddress().getHostAddress() : String.valueOf(address);
    }
}
