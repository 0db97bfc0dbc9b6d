package io.brine.http;

import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Objects;
import javax.net.ssl.SSLContext;
import org.eclipse.jetty.http.spi.JettyHttpServer;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.server.handler.ContextHandlerCollection;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * Where one of Brine's HTTP surfaces listens: Jetty, behind the JDK's {@code com.sun.net.httpserver} interfaces the
 * handlers are written against. The JDK's own server reads a request's headers on a worker thread, so a few
 * clients sending headers a byte at a time held all its workers and it answered nobody (33 silenced the API's 32;
 * 40 silenced {@code /metrics}). Jetty parses what has arrived without holding a thread, and a request reaches a
 * worker only once its headers are complete. Connections that have not yet sent complete headers are kept within
 * {@link Settings#limits} by closing the oldest of them, never by refusing or no longer accepting new ones (a cap
 * on all connections, reached, had locked out every client of the address, or of the listener); clients whose
 * requests authenticate keep slots of their own; and any connection idle for {@link Settings#idle} is closed.
 *
 * <pre>{@code
 * HttpListener metrics = HttpListener.start(new HttpListener.Settings("brine-metrics", "127.0.0.1", 9506, null,
 *         2, Duration.ofSeconds(10), 8 * 1024, new ConnectionLimits(8, 64, 2048, Duration.ofMillis(500), 0,
 *                 Duration.ofSeconds(5))), handler);
 * }</pre>
 */
public final class HttpListener {
    /**
     * The request attribute by which a handler says that the request authenticated (set it to {@code Boolean.TRUE}):
     * its connection is then kept between requests in a slot of {@link ConnectionLimits#authenticated}.
     */
    public static final String AUTHENTICATED = "io.brine.http.authenticated";
    /** Jetty's own selector and acceptor threads, on top of the workers. */
    private static final int JETTY_THREADS = 8;
    /**
     * Connections the kernel completes before they are accepted: a flood of connects must not fill the queue so
     * that an honest client's SYN is dropped (and resent only a second later). Linux caps it at somaxconn.
     */
    private static final int ACCEPT_QUEUE = 4096;

    /**
     * @param name        the threads' name
     * @param tls         the server's TLS context, or null for plain HTTP
     * @param workers     threads serving requests (a waiting request or an open event stream holds one)
     * @param idle        how long a connection may say nothing before it is closed
     * @param headerBytes request line and headers together, at most
     * @param limits      connections kept while they have not sent complete headers, and for authenticated clients
     */
    public record Settings(String name, String iface, int port, SSLContext tls, int workers, Duration idle,
            int headerBytes, ConnectionLimits limits) {
        public Settings {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(iface, "iface");
            Objects.requireNonNull(idle, "idle");
            Objects.requireNonNull(limits, "limits");
        }
    }

    private final Server server;
    /** The JDK-interface server of {@link #start}; null for {@link #startAsync}. */
    private final JettyHttpServer http;
    private final ConnectionGate gate;

    private HttpListener(Server server, JettyHttpServer http, ConnectionGate gate) {
        this.server = server;
        this.http = http;
        this.gate = gate;
    }

    /** Listens as {@code settings} say, every path going to {@code handler}. */
    public static HttpListener start(Settings settings, HttpHandler handler) throws IOException {
        Server server = server(settings);
        ConnectionGate gate = (ConnectionGate) server.getHandler();
        gate.setHandler(new ContextHandlerCollection(true));
        JettyHttpServer spi = new JettyHttpServer(server, true, httpConfiguration(server));
        spi.bind(new InetSocketAddress(settings.iface(), settings.port()), 0);
        spi.createContext("/", handler);
        start(server, settings);
        return new HttpListener(server, spi, gate);
    }

    /**
     * Listens as {@code settings} say, every request going to {@code handler} once its body (at most
     * {@code maxBody} bytes; a longer one is answered 413 unread) is in, and answered whenever the handler is
     * ready: a request that waits (a long poll) holds no thread. Bodies being read hold at most
     * {@code maxReading} bytes together; a request past that is answered 503 with Retry-After, unread.
     */
    public static HttpListener startAsync(Settings settings, int maxBody, long maxReading, AsyncHandler handler)
            throws IOException {
        Server server = server(settings);
        ConnectionGate gate = (ConnectionGate) server.getHandler();
        gate.setHandler(new AsyncAdapter(handler, maxBody, maxReading));
        start(server, settings);
        return new HttpListener(server, null, gate);
    }

    private static Server server(Settings settings) {
        QueuedThreadPool pool = new QueuedThreadPool(settings.workers() + JETTY_THREADS, 2);
        pool.setName(settings.name());
        pool.setDaemon(true);
        Server server = new Server(pool);
        HttpConfiguration http = new HttpConfiguration();
        http.setSendServerVersion(false);
        http.setSendDateHeader(false);
        http.setRequestHeaderSize(settings.headerBytes());
        HttpConnectionFactory http11 = new HttpConnectionFactory(http);
        ServerConnector connector;
        if (settings.tls() != null) {
            SslContextFactory.Server tls = new SslContextFactory.Server();
            tls.setSslContext(settings.tls());
            tls.setIncludeProtocols("TLSv1.3", "TLSv1.2");
            connector = new ServerConnector(server, new SslConnectionFactory(tls, http11.getProtocol()), http11);
        } else {
            connector = new ServerConnector(server, http11);
        }
        connector.setHost(settings.iface());
        connector.setPort(settings.port());
        connector.setIdleTimeout(settings.idle().toMillis());
        connector.setAcceptQueueSize(ACCEPT_QUEUE);
        ConnectionGate gate = new ConnectionGate(settings.name(), settings.limits());
        connector.addBean(gate, false);
        server.addConnector(connector);
        server.setHandler(gate);
        return server;
    }

    private static HttpConfiguration httpConfiguration(Server server) {
        return server.getConnectors()[0].getConnectionFactory(HttpConnectionFactory.class).getHttpConfiguration();
    }

    private static void start(Server server, Settings settings) throws IOException {
        try {
            server.start();
        } catch (IOException e) {
            stopQuietly(server, settings.name());
            throw e;
        } catch (Exception e) {
            stopQuietly(server, settings.name());
            throw new IOException("cannot listen on " + settings.iface() + ":" + settings.port() + ": "
                    + e.getMessage(), e);
        }
    }

    public InetSocketAddress address() {
        if (http != null) {
            return http.getAddress();
        }
        ServerConnector connector = (ServerConnector) server.getConnectors()[0];
        return new InetSocketAddress(connector.getHost() == null ? "0.0.0.0" : connector.getHost(),
                connector.getLocalPort());
    }

    /** The port actually bound (useful when the settings asked for port 0). */
    public int port() {
        return ((ServerConnector) server.getConnectors()[0]).getLocalPort();
    }

    /** Connections closed for {@code reason} before they had sent a complete request, since the start. */
    public long dropped(ConnectionDrop reason) {
        return gate.dropped(reason);
    }

    /** Connections that have not yet sent a complete request, now. */
    public int waiting() {
        return gate.waiting();
    }

    /**
     * Requests an asynchronous listener refused unread since the start: {@code overBudget} those past what bodies
     * being read may hold together (503), otherwise those whose body was over the bound (413); 0 for the other kind.
     */
    public long bodiesRefused(boolean overBudget) {
        if (!(gate.getHandler() instanceof AsyncAdapter async)) {
            return 0;
        }
        return overBudget ? async.overBudget() : async.tooLarge();
    }

    /** Bytes of bodies an asynchronous listener is reading now; 0 for the other kind (tests). */
    long bodiesBeingRead() {
        return gate.getHandler() instanceof AsyncAdapter async ? async.reading() : 0;
    }

    /** Lets requests under way finish for up to {@code grace}, then stops. */
    public void stop(Duration grace) {
        server.setStopTimeout(grace.toMillis());
        stopQuietly(server, "");
    }

    private static void stopQuietly(Server server, String name) {
        try {
            server.stop();
        } catch (Exception e) {
            System.getLogger(HttpListener.class.getName()).log(System.Logger.Level.DEBUG, "stopping " + name + ": "
                    + e);
        }
    }
}
