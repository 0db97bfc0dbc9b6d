package io.brine.api;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import io.brine.master.AccessDeniedException;
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
 * method and path (404 or 405) → the endpoint. Routes are an explicit switch over a closed set, never a
 * lookup of a name taken from the request.
 */
final class ApiHandler implements HttpHandler {
    private static final Logger LOG = System.getLogger(ApiHandler.class.getName());

    private final TokenStore tokens;
    private final JobEndpoints jobs;
    private final KeyEndpoints keys;
    private final EventStreams events;
    private final TokenEndpoints tokenEndpoints;
    private final MinionEndpoints minions;
    private final HookEndpoint hooks;
    private final String masterFinger;
    final LongAdder unauthorised = new LongAdder();
    /** Told the status of every answer ({@code brine_api_requests_total}). */
    private final IntConsumer answered;

    /** What answers each route, and the master's fingerprint for the keys that {@code POST /keys/generate} makes. */
    record Endpoints(JobEndpoints jobs, KeyEndpoints keys, MinionEndpoints minions, EventStreams events,
            TokenEndpoints tokens, HookEndpoint hooks, String masterFinger) {
    }

    ApiHandler(TokenStore tokens, Endpoints endpoints, IntConsumer answered) {
        this(tokens, endpoints.jobs(), endpoints.keys(), endpoints.events(), endpoints.tokens(), endpoints.minions(),
                endpoints.hooks(), endpoints.masterFinger(), answered);
    }

    private ApiHandler(TokenStore tokens, JobEndpoints jobs, KeyEndpoints keys, EventStreams events,
            TokenEndpoints tokenEndpoints, MinionEndpoints minions, HookEndpoint hooks, String masterFinger,
            IntConsumer answered) {
        this.minions = minions;
        this.hooks = hooks;
        this.masterFinger = masterFinger;
        this.answered = answered;
        this.tokenEndpoints = tokenEndpoints;
        this.tokens = tokens;
        this.jobs = jobs;
        this.keys = keys;
        this.events = events;
    }

    @Override
    public void handle(HttpExchange raw) {
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
                route(exchange, caller.get());
            } catch (ApiException e) {
                exchange.sendError(e);
            } catch (AccessDeniedException e) {
                exchange.sendError(403, e.getMessage());
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
        return jobs.refusedWaits();
    }

    int waitingLookups() {
        return jobs.waitingLookups();
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

    private void route(ApiExchange exchange, String caller) throws IOException, InterruptedException {
        List<String> path = exchange.segments();
        String first = path.isEmpty() ? "" : path.get(0);
        if (first.equals("hook") && path.size() >= 2) {
            allow(exchange, "POST");
            hooks.post(exchange, caller, path.subList(1, path.size()));
            return;
        }
        switch (first + "/" + path.size()) {
            case "jobs/1" -> {
                if (allow(exchange, "POST", "GET").equals("POST")) {
                    jobs.submit(exchange, caller);
                } else {
                    jobs.list(exchange, caller);
                }
            }
            case "jobs/2" -> {
                if (allow(exchange, "GET", "DELETE").equals("GET")) {
                    jobs.show(exchange, path.get(1), caller);
                } else {
                    jobs.kill(exchange, path.get(1), caller);
                }
            }
            case "minions/1" -> {
                allow(exchange, "GET");
                minions.list(exchange, caller);
            }
            case "minions/2" -> {
                allow(exchange, "GET");
                minions.show(exchange, path.get(1), caller);
            }
            case "keys/1" -> {
                if (allow(exchange, "GET", "POST").equals("GET")) {
                    keys.list(exchange, caller);
                } else {
                    keys.preseed(exchange, caller);
                }
            }
            case "keys/2" -> {
                // "generate" is also a valid minion id: POST generates, DELETE deletes the key of a minion so named
                if (path.get(1).equals("generate") && exchange.method().equalsIgnoreCase("POST")) {
                    keys.generate(exchange, caller, masterFinger);
                } else {
                    allow(exchange, "DELETE");
                    keys.delete(exchange, path.get(1), caller);
                }
            }
            case "keys/3" -> keyChange(exchange, path.get(1), path.get(2), caller);
            case "tokens/1" -> {
                if (allow(exchange, "POST", "GET").equals("POST")) {
                    tokenEndpoints.create(exchange, caller);
                } else {
                    tokenEndpoints.list(exchange, caller);
                }
            }
            case "tokens/2" -> {
                allow(exchange, "DELETE");
                tokenEndpoints.revoke(exchange, caller, path.get(1));
            }
            case "events/1" -> {
                allow(exchange, "GET");
                jobs.requireRight(exchange, caller, "@events", "watch events");
                events.stream(exchange, caller, exchange.query("tag").orElse("**"),
                        () -> authenticate(exchange).isPresent());
            }
            default -> throw ApiException.notFound("no such endpoint: " + exchange.method() + " " + shortPath(exchange));
        }
    }

    private void keyChange(ApiExchange exchange, String id, String action, String caller) throws IOException {
        switch (action) {
            case "accept" -> {
                allow(exchange, "POST");
                keys.accept(exchange, id, caller);
            }
            case "reject" -> {
                allow(exchange, "POST");
                keys.reject(exchange, id, caller);
            }
            default -> throw ApiException.notFound("no such endpoint: " + exchange.method() + " " + shortPath(exchange));
        }
    }

    /** The request's method when it is one of {@code methods}; 405 naming them in {@code Allow} otherwise. */
    private static String allow(ApiExchange exchange, String... methods) {
        String method = exchange.method().toUpperCase(Locale.ROOT);
        for (String m : methods) {
            if (m.equals(method)) {
                return m;
            }
        }
        exchange.setHeader("Allow", String.join(", ", methods));
        throw new ApiException(405, "use " + String.join(" or ", methods) + " for " + shortPath(exchange));
    }

    private static String shortPath(ApiExchange exchange) {
        String p = exchange.path();
        return p.length() > 80 ? p.substring(0, 80) + "..." : p;
    }
}
