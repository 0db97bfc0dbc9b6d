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
import org.eclipse.jetty.server.NetworkConnectionLimit;
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
 * worker only once its headers are complete; on top of that a connection idle for {@link Settings#idle} is closed,
 * one address may hold {@link Settings#perAddress} connections and all together {@link Settings#connections}.
 *
 * <pre>{@code
 * HttpListener metrics = HttpListener.start(new HttpListener.Settings("brine-metrics", "127.0.0.1", 9506, null,
 *         2, 4, 64, Duration.ofSeconds(10), 8 * 1024), handler);
 * }</pre>
 */
public final class HttpListener {
    /** Jetty's own selector and acceptor threads, on top of the workers. */
    private static final int JETTY_THREADS = 8;

    /**
     * @param name        the threads' name
     * @param tls         the server's TLS context, or null for plain HTTP
     * @param workers     threads serving requests (a waiting request or an open event stream holds one)
     * @param perAddress  connections one client address may hold
     * @param connections connections all together
     * @param idle        how long a connection may say nothing before it is closed
     * @param headerBytes request line and headers together, at most
     */
    public record Settings(String name, String iface, int port, SSLContext tls, int workers, int perAddress,
            int connections, Duration idle, int headerBytes) {
        public Settings {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(iface, "iface");
            Objects.requireNonNull(idle, "idle");
        }
    }

    private final Server server;
    private final JettyHttpServer http;
    private final PerAddressLimit perAddress;

    private HttpListener(Server server, JettyHttpServer http, PerAddressLimit perAddress) {
        this.server = server;
        this.http = http;
        this.perAddress = perAddress;
    }

    /** Listens as {@code settings} say, every path going to {@code handler}. */
    public static HttpListener start(Settings settings, HttpHandler handler) throws IOException {
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
        PerAddressLimit limit = new PerAddressLimit(settings.perAddress());
        connector.addBean(limit);
        server.addConnector(connector);
        server.addBean(new NetworkConnectionLimit(settings.connections(), server));
        server.setHandler(new ContextHandlerCollection(true));
        JettyHttpServer spi = new JettyHttpServer(server, true, http);
        spi.bind(new InetSocketAddress(settings.iface(), settings.port()), 0);
        spi.createContext("/", handler);
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
        return new HttpListener(server, spi, limit);
    }

    public InetSocketAddress address() {
        return http.getAddress();
    }

    /** The port actually bound (useful when the settings asked for port 0). */
    public int port() {
        return ((ServerConnector) server.getConnectors()[0]).getLocalPort();
    }

    /** Connections closed at once because their address held too many, since the start. */
    public long refusedByAddress() {
        return perAddress.refused();
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
