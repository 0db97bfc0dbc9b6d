package io.brine.http;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.io.SocketChannelEndPoint;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.ScheduledExecutorScheduler;
import org.eclipse.jetty.util.thread.Scheduler;

/**
 * Applies {@link ConnectionLimits} to a Jetty listener: told of every connection opened and closed (as a
 * {@link Connection.Listener} on the connector), and of every request whose headers are complete and of its end
 * (as the outermost handler). Connections are counted on the network endpoint (under TLS, the HTTP connection
 * inside is the same socket). Closes the oldest waiting connections as {@link WaitingConnections} says, as others
 * come and on a sweep four times a deadline (with those past the header deadline); each counted by
 * {@link ConnectionDrop}, and logged at most once a second.
 */
final class ConnectionGate extends Handler.Wrapper implements Connection.Listener {
    private static final Logger LOG = System.getLogger(ConnectionGate.class.getName());
    private static final long LOG_EVERY_NANOS = 1_000_000_000L;

    private final String name;
    private final ConnectionLimits limits;
    private final WaitingConnections<EndPoint> waiting;
    /** Connections kept between requests because their last request authenticated. */
    private final Set<EndPoint> authenticated = ConcurrentHashMap.newKeySet();
    private final Map<ConnectionDrop, LongAdder> drops = new EnumMap<>(ConnectionDrop.class);
    private final Scheduler scheduler;
    private long lastLogNanos;
    private long droppedAtLastLog;

    ConnectionGate(String name, ConnectionLimits limits) {
        this.name = name;
        this.limits = limits;
        this.waiting = new WaitingConnections<>(limits);
        for (ConnectionDrop d : ConnectionDrop.values()) {
            drops.put(d, new LongAdder());
        }
        this.scheduler = new ScheduledExecutorScheduler(name + "-header-deadline", true);
        addBean(scheduler);
    }

    long dropped(ConnectionDrop reason) {
        return drops.get(reason).sum();
    }

    /** Connections waiting for a request's headers now. */
    int waiting() {
        return waiting.size();
    }

    @Override
    protected void doStart() throws Exception {
        super.doStart();
        scheduleSweep();
    }

    @Override
    public void onOpened(Connection connection) {
        if (connection.getEndPoint() instanceof SocketChannelEndPoint endPoint) {
            close(waiting.waiting(endPoint, host(endPoint.getRemoteSocketAddress()), System.nanoTime()));
        }
    }

    @Override
    public void onClosed(Connection connection) {
        if (connection.getEndPoint() instanceof SocketChannelEndPoint endPoint) {
            waiting.stop(endPoint);
            authenticated.remove(endPoint);
        }
    }

    /** A request's headers are complete: its connection no longer waits, until the request ends. */
    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        EndPoint endPoint = network(request.getConnectionMetaData().getConnection().getEndPoint());
        waiting.stop(endPoint);
        authenticated.remove(endPoint);
        boolean handled = super.handle(request, response, new Callback.Nested(callback) {
            @Override
            public void completed() {
                ended(request, endPoint);
            }
        });
        if (!handled) {
            ended(request, endPoint);
        }
        return handled;
    }

    /** Between requests a connection is kept for its client if the request authenticated, else it waits again. */
    private void ended(Request request, EndPoint endPoint) {
        if (!endPoint.isOpen()) {
            return;
        }
        if (!Boolean.TRUE.equals(request.getAttribute(HttpListener.AUTHENTICATED)) || !keep(endPoint)) {
            close(waiting.waiting(endPoint, host(endPoint.getRemoteSocketAddress()), System.nanoTime()));
        }
    }

    /** Takes one of the slots kept for authenticated clients; false if they are all taken. */
    private boolean keep(EndPoint endPoint) {
        synchronized (authenticated) {
            return authenticated.size() < limits.authenticated() && authenticated.add(endPoint);
        }
    }

    private void close(List<WaitingConnections.Eviction<EndPoint>> evicted) {
        for (WaitingConnections.Eviction<EndPoint> e : evicted) {
            if (e.connection().isOpen()) {
                drops.get(e.reason()).increment();
                e.connection().close();
            }
        }
    }

    private void scheduleSweep() {
        if (isRunning() || isStarting()) {
            long every = Math.min(limits.headerDeadline().toMillis() / 4, Math.max(100, limits.grace().toMillis()));
            scheduler.schedule(this::sweep, Math.max(10, every), TimeUnit.MILLISECONDS);
        }
    }

    private void sweep() {
        try {
            close(waiting.sweep(System.nanoTime()));
            logDrops();
        } finally {
            scheduleSweep();
        }
    }

    /** One line a second at most, with what was closed since the last one. */
    private void logDrops() {
        long now = System.nanoTime();
        long total = 0;
        for (LongAdder n : drops.values()) {
            total += n.sum();
        }
        if (total == droppedAtLastLog || now - lastLogNanos < LOG_EVERY_NANOS) {
            return;
        }
        LOG.log(Level.WARNING, name + ": closed " + (total - droppedAtLastLog) + " connection(s) that had not sent "
                + "a complete request (since the start: oldest of their address " + dropped(ConnectionDrop.OLDEST_OF_ADDRESS)
                + ", oldest of all " + dropped(ConnectionDrop.OLDEST_OF_ALL) + ", past the header deadline "
                + dropped(ConnectionDrop.HEADER_DEADLINE) + ")");
        droppedAtLastLog = total;
        lastLogNanos = now;
    }

    private static EndPoint network(EndPoint endPoint) {
        EndPoint e = endPoint;
        while (e instanceof EndPoint.Wrapper wrapper) {
            e = wrapper.unwrap();
        }
        return e;
    }

    private static String host(SocketAddress address) {
        return address instanceof InetSocketAddress inet && inet.getAddress() != null
                ? inet.getAddress().getHostAddress() : String.valueOf(address);
    }
}
