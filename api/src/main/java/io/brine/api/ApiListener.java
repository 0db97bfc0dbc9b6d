package io.brine.api;

import com.sun.net.httpserver.HttpHandler;
import io.brine.master.ApiConfig;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
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
 * Where the API listens: Jetty, behind the JDK's {@code com.sun.net.httpserver} interfaces the handlers are
 * written against. The JDK's own server reads a request's headers on a worker thread, so 33 clients sending
 * headers a byte at a time held all 32 workers and the API answered nobody. Jetty parses what has arrived
 * without holding a thread, and a request reaches a worker only once its headers are complete; on top of
 * that a connection idle for {@link #IDLE} is closed, one address may hold {@link #PER_ADDRESS} connections and
 * all together {@link #CONNECTIONS}.
 */
final class ApiListener {
    /** Threads serving requests; a waiting {@code call} or an open event stream holds one. */
    static final int WORKERS = 32;
    /** Jetty's own selector and acceptor threads, on top of the workers. */
    private static final int JETTY_THREADS = 8;
    /** Longer than an event stream's keep-alive comment interval, so that idle streams stay open. */
    static final Duration IDLE = Duration.ofSeconds(30);
    static final int PER_ADDRESS = 16;
    static final int CONNECTIONS = 512;
    /** Request line and headers together; a bearer token and a few headers need far less. */
    private static final int HEADER_BYTES = 16 * 1024;

    private final Server server;
    private final JettyHttpServer http;
    private final PerAddressLimit perAddress;

    private ApiListener(Server server, JettyHttpServer http, PerAddressLimit perAddress) {
        this.server = server;
        this.http = http;
        this.perAddress = perAddress;
    }

    static ApiListener start(ApiConfig config, HttpHandler handler, int perAddressLimit) throws IOException {
        QueuedThreadPool pool = new QueuedThreadPool(WORKERS + JETTY_THREADS, 4);
        pool.setName("brine-api");
        pool.setDaemon(true);
        Server server = new Server(pool);
        HttpConfiguration http = new HttpConfiguration();
        http.setSendServerVersion(false);
        http.setSendDateHeader(false);
        http.setRequestHeaderSize(HEADER_BYTES);
        HttpConnectionFactory http11 = new HttpConnectionFactory(http);
        ServerConnector connector;
        if (config.tls()) {
            SslContextFactory.Server tls = new SslContextFactory.Server();
            tls.setSslContext(PemTls.load(config.tlsCert(), config.tlsKey()));
            tls.setIncludeProtocols("TLSv1.3", "TLSv1.2");
            connector = new ServerConnector(server, new SslConnectionFactory(tls, http11.getProtocol()), http11);
        } else {
            connector = new ServerConnector(server, http11);
        }
        connector.setHost(config.iface());
        connector.setPort(config.port());
        connector.setIdleTimeout(IDLE.toMillis());
        PerAddressLimit perAddress = new PerAddressLimit(perAddressLimit);
        connector.addBean(perAddress);
        server.addConnector(connector);
        server.addBean(new NetworkConnectionLimit(CONNECTIONS, server));
        server.setHandler(new ContextHandlerCollection(true));
        JettyHttpServer spi = new JettyHttpServer(server, true, http);
        spi.bind(new InetSocketAddress(config.iface(), config.port()), 0);
        spi.createContext("/", handler);
        try {
            server.start();
        } catch (IOException e) {
            stopQuietly(server);
            throw e;
        } catch (Exception e) {
            stopQuietly(server);
            throw new IOException("the API cannot listen on " + config.iface() + ":" + config.port() + ": "
                    + e.getMessage(), e);
        }
        return new ApiListener(server, spi, perAddress);
    }

    InetSocketAddress address() {
        return http.getAddress();
    }

    int port() {
        return ((ServerConnector) server.getConnectors()[0]).getLocalPort();
    }

    /** Connections closed at once because their address held too many, since the start. */
    long refusedByAddress() {
        return perAddress.refused();
    }

    /** Lets requests under way finish for up to {@code grace}, then stops. */
    void stop(Duration grace) {
        server.setStopTimeout(grace.toMillis());
        stopQuietly(server);
    }

    private static void stopQuietly(Server server) {
        try {
            server.stop();
        } catch (Exception e) {
            System.getLogger(ApiListener.class.getName()).log(System.Logger.Level.DEBUG, "stopping the API: " + e);
        }
    }
}
