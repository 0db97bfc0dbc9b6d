package io.brine.api;

import io.brine.http.ConnectionDrop;
import io.brine.http.ConnectionLimits;
import io.brine.http.HttpListener;
import io.brine.master.ApiConfig;
import io.brine.master.Master;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.net.URI;
import java.time.Duration;
import java.util.Objects;

/**
 * The master's HTTP+JSON API, for orchestrators outside the JVM: jobs, keys and events behind bearer tokens
 * (see {@link TokenStore}). It listens where the master's {@code api} section says, with TLS when
 * {@code tls_cert} and {@code tls_key} are set. The endpoints are documented in {@code docs/api.md}.
 *
 * <p>Example:
 * <pre>{@code
 * try (Master master = Master.start(config); ApiServer api = ApiServer.start(master)) {
 *     System.out.println("API on port " + api.port());
 *     ...
 * }
 * }</pre>
 */
public final class ApiServer implements AutoCloseable {
    /** The token store {@link #start(Master)} opened for this server, closed with it; null when the caller's. */
    private volatile TokenStore ownedTokens;

    private static final Logger LOG = System.getLogger(ApiServer.class.getName());
    private static final Duration KEEP_ALIVE = Duration.ofSeconds(15);

    private final HttpListener listener;
    private final EventStreams events;
    private final ApiHandler handler;
    private final boolean tls;
    /** The web console under {@code /ui/}, or null. */
    private final WebConsole console;

    private ApiServer(HttpListener listener, EventStreams events, ApiHandler handler, boolean tls,
            WebConsole console) {
        this.console = console;
        this.listener = listener;
        this.events = events;
        this.handler = handler;
        this.tls = tls;
    }

    /**
     * Serves {@code master} as its configuration's {@code api} section says, with the tokens in its
     * {@code pki_dir}.
     *
     * @throws IllegalStateException if the configuration has no {@code api} section
     * @throws IOException if the address cannot be bound or the TLS files cannot be used
     */
    public static ApiServer start(Master master) throws IOException {
        ApiConfig config = master.config().api();
        if (config == null) {
            throw new IllegalStateException("the master's configuration has no 'api' section");
        }
        TokenStore tokens = TokenStore.forMaster(master);
        try {
            ApiServer api = start(master, config, tokens);
            api.ownedTokens = tokens; // closed with this server (a cluster's borrows the master's pool, left open)
            return api;
        } catch (IOException | RuntimeException e) {
            tokens.close();
            throw e;
        }
    }

    /** Serves {@code master} where {@code config} says, accepting the tokens of {@code tokens}. */
    public static ApiServer start(Master master, ApiConfig config, TokenStore tokens) throws IOException {
        return start(master, config, tokens, KEEP_ALIVE, ApiListener.LIMITS, ApiListener.IDLE);
    }

    /** As above, with the connection limits and the idle timeout given (tests shorten them). */
    static ApiServer start(Master master, ApiConfig config, TokenStore tokens, Duration keepAlive,
            ConnectionLimits limits, Duration idle) throws IOException {
        Objects.requireNonNull(master, "master");
        Objects.requireNonNull(tokens, "tokens");
        EventStreams events = new EventStreams(new EventWindow(master.events(), EventStreams.WINDOW_EVENTS,
                EventStreams.WINDOW_CHARS, System.currentTimeMillis()), keepAlive);
        WebConsole console = config.ui() ? java.util.ServiceLoader.load(WebConsole.Factory.class).findFirst()
                .map(f -> f.open(master, tokens, config.tls())).orElse(null) : null;
        ApiHandler handler = new ApiHandler(tokens, new ApiHandler.Endpoints(new JobEndpoints(master.client()),
                new KeyEndpoints(master.keys()), new MinionEndpoints(master.keys()), events,
                new TokenEndpoints(tokens, master.client()), new HookEndpoint(master.client(), master.events()),
                master.fingerprint()), master::apiAnswered, console);
        HttpListener listener;
        try {
            listener = ApiListener.start(config, handler, limits, idle);
        } catch (IOException | RuntimeException e) {
            if (console != null) {
                console.close();
            }
            throw e;
        }
        master.watchHttpListener("api", listener::dropped);
        ApiServer api = new ApiServer(listener, events, handler, config.tls(), console);
        LOG.log(Level.INFO, "api listening on " + api.address() + ", tokens in " + tokens.describe()
                + (console == null ? "" : "; web console at " + api.address() + WebConsole.PATH + "/"));
        return api;
    }

    /** The port actually bound (useful when the configuration asked for port 0). */
    public int port() {
        return listener.port();
    }

    /** Where clients reach the API, such as {@code https://127.0.0.1:8000}. */
    public URI address() {
        String host = listener.address().getAddress().getHostAddress();
        return URI.create((tls ? "https" : "http") + "://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port());
    }

    /** Whether the web console is served under {@code /ui/}. */
    public boolean servesConsole() {
        return console != null;
    }

    /** Requests refused for a missing, wrong, expired or revoked token, since the start. */
    public long unauthorisedRequests() {
        return handler.unauthorised.sum();
    }

    /**
     * Connections closed for {@code reason} before they had sent a complete request (the oldest of a flood of idle
     * or slow ones, or one past the header deadline), since the start.
     */
    public long connectionsDropped(ConnectionDrop reason) {
        return listener.dropped(reason);
    }

    /** Connections that have not yet sent a complete request, now. */
    int waitingConnections() {
        return listener.waiting();
    }

    int openEventStreams() {
        return events.openStreams();
    }

    /**
     * Events that fell out of the window kept for {@code Last-Event-ID} since the start: a client resuming from
     * before them is sent {@code event: reset}.
     */
    public long eventsOutOfResumeWindow() {
        return events.evicted();
    }

    /**
     * Requests refused because their token, or all tokens together, held as many event streams, long polls or
     * waiting calls as allowed.
     */
    public long refusedForConcurrency() {
        return events.refused() + handler.refusedWaits();
    }

    java.util.List<Route> routes() {
        return handler.routes();
    }

    int waitingLookups() {
        return handler.waitingLookups();
    }

    int waitingCalls() {
        return handler.waitingCalls();
    }

    /** Ends event streams, lets requests under way finish for up to a second, and stops listening. */
    @Override
    public void close() {
        events.closeAll();
        if (console != null) {
            console.close();
        }
        listener.stop(Duration.ofSeconds(1));
        TokenStore owned = ownedTokens;
        if (owned != null) {
            owned.close();
        }
    }
}
