package io.brine.api;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import io.brine.http.HttpListener;
import io.brine.master.AccessDeniedException;
import io.brine.master.AuditUnavailableException;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntConsumer;

/**
 * Every request passes the same short chain: authenticate (401 and nothing else on failure) → route by
 * method and path (404 or 405) → the endpoint. Routes are a fixed list ({@link ApiRoutes}) matched by method and
 * path template, never a lookup of a name taken from the request.
 */
final class ApiHandler implements HttpHandler {
    private static final Logger LOG = System.getLogger(ApiHandler.class.getName());

    private final TokenStore tokens;
    private final List<Route> routes;
    final LongAdder unauthorised = new LongAdder();
    /** Told the status of every answer ({@code brine_api_requests_total}). */
    private final IntConsumer answered;
    private final Endpoints endpoints;
    /** The web console answering {@code /ui/...}, or null when there is none. */
    private final WebConsole console;

    /** What answers each route, and the master's fingerprint for the keys that {@code POST /keys/generate} makes. */
    record Endpoints(JobEndpoints jobs, KeyEndpoints keys, MinionEndpoints minions, EventStreams events,
            TokenEndpoints tokens, HookEndpoint hooks, String masterFinger) {
    }

    ApiHandler(TokenStore tokens, Endpoints endpoints, IntConsumer answered) {
        this(tokens, endpoints, answered, null);
    }

    ApiHandler(TokenStore tokens, Endpoints endpoints, IntConsumer answered, WebConsole console) {
        this.console = console;
        this.tokens = tokens;
        this.endpoints = endpoints;
        this.answered = answered;
        this.routes = ApiRoutes.of(endpoints, exchange -> authenticate(exchange).isPresent());
    }

    List<Route> routes() {
        return routes;
    }

    @Override
    public void handle(HttpExchange raw) {
        String path = raw.getRequestURI().getPath();
        if (console != null && (path.equals(WebConsole.PATH) || path.startsWith(WebConsole.PATH + "/"))) {
            try (raw) {
                console.handle(raw); // it signs its requests in itself: a session cookie or a bearer token
            } catch (IOException e) {
                LOG.log(Level.DEBUG, "console: exchange ended early: " + e);
            } catch (RuntimeException e) {
                LOG.log(Level.ERROR, "console: " + raw.getRequestMethod() + " " + path + " failed", e);
            }
            return;
        }
        ApiExchange exchange = new ApiExchange(raw);
        try (raw) {
            try {
                Optional<String> caller = authenticate(exchange);
                if (caller.isEmpty()) {
                    unauthorised.increment();
                    LOG.log(Level.DEBUG, "api: unauthorised request from " + exchange.remote());
                    exchange.setHeader("WWW-Authenticate", "Bearer");
                    exchange.sendError(401, "unauthorized");
                    return;
                }
                // its connection is kept between requests, out of the reach of floods of idle connections
                raw.setAttribute(HttpListener.AUTHENTICATED, Boolean.TRUE);
                route(exchange, caller.get());
            } catch (ApiException e) {
                exchange.sendError(e);
            } catch (AccessDeniedException e) {
                exchange.sendError(403, e.getMessage());
            } catch (AuditUnavailableException e) {
                // audit_required: the master's audit log cannot record the action, so nothing was done
                exchange.sendError(new ApiException(503, e.getMessage(),
                        java.util.Map.of("reason", AuditUnavailableException.REASON)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                exchange.sendError(503, "the API is shutting down");
            } catch (RuntimeException e) {
                LOG.log(Level.ERROR, "api: " + exchange.method() + " " + exchange.path() + " failed", e);
                exchange.sendError(500, "internal error; see the master's log");
            }
        } catch (IOException e) {
            // the client went away, or the response was already under way; nothing more can be said to it
            LOG.log(Level.DEBUG, "api: exchange ended early: " + e);
        } finally {
            if (exchange.status() != 0) {
                answered.accept(exchange.status());
            }
        }
    }

    long refusedWaits() {
        return endpoints.jobs().refusedWaits();
    }

    int waitingLookups() {
        return endpoints.jobs().waitingLookups();
    }

    int waitingCalls() {
        return endpoints.jobs().waitingCalls();
    }

    /** The identity {@code publisher_acl} and the audit log know a token by. */
    static String identity(String tokenName) {
        return "token:" + tokenName;
    }

    private Optional<String> authenticate(ApiExchange exchange) {
        return exchange.header("Authorization")
                .filter(h -> h.regionMatches(true, 0, "Bearer ", 0, 7))
                .flatMap(h -> tokens.authenticate(h.substring(7).trim()));
    }

    /**
     * The route whose template fits the path and whose method is the request's (the one with more literal
     * segments when two fit: {@code POST /keys/generate} over {@code /keys/{id}}); 405 naming the methods the path
     * takes when it fits only others', 404 when it fits none.
     */
    private void route(ApiExchange exchange, String caller) throws IOException, InterruptedException {
        String method = exchange.method().toUpperCase(Locale.ROOT);
        Route chosen = null;
        List<String> params = null;
        List<String> allowed = new java.util.ArrayList<>();
        for (Route r : routes) {
            List<String> p = r.match(exchange.segments());
            if (p == null) {
                continue;
            }
            if (!allowed.contains(r.method())) {
                allowed.add(r.method());
            }
            if (r.method().equals(method) && (chosen == null || r.literals() > chosen.literals())) {
                chosen = r;
                params = p;
            }
        }
        if (chosen == null && allowed.isEmpty()) {
            throw ApiException.notFound("no such endpoint: " + exchange.method() + " " + shortPath(exchange));
        }
        if (chosen == null) {
            exchange.setHeader("Allow", String.join(", ", allowed));
            throw new ApiException(405, "use " + String.join(" or ", allowed) + " for " + shortPath(exchange));
        }
        chosen.endpoint().answer(exchange, caller, params);
    }

    private static String shortPath(ApiExchange exchange) {
        String p = exchange.path();
        return p.length() > 80 ? p.substring(0, 80) + "..." : p;
    }
}
