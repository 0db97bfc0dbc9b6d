package io.brine.api;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.function.Predicate;

/**
 * Every route of the API, in one list: the router ({@link ApiHandler}) answers these and nothing else, and the
 * OpenAPI document served at {@code /openapi.json} describes exactly these (a test holds the two together).
 */
final class ApiRoutes {
    /** The OpenAPI 3.1 document, a resource beside this class. */
    static final String OPENAPI_RESOURCE = "openapi.json";

    private ApiRoutes() {
    }

    /**
     * The routes, answered by {@code e}'s endpoints; {@code stillAuthenticated} is asked again while an event
     * stream is open, so that a revoked token's stream ends.
     */
    static List<Route> of(ApiHandler.Endpoints e, Predicate<ApiExchange> stillAuthenticated) {
        byte[] openApi = openApiDocument();
        return List.of(
                new Route("POST", "/jobs", (x, caller, p) -> e.jobs().submit(x, caller)),
                new Route("GET", "/jobs", (x, caller, p) -> e.jobs().list(x, caller)),
                new Route("GET", "/jobs/{jid}", (x, caller, p) -> e.jobs().show(x, p.get(0), caller)),
                new Route("DELETE", "/jobs/{jid}", (x, caller, p) -> e.jobs().kill(x, p.get(0), caller)),
                new Route("POST", "/updates", (x, caller, p) -> e.jobs().update(x, caller)),
                new Route("POST", "/orchestrate", (x, caller, p) -> e.jobs().orchestrate(x, caller)),
                new Route("GET", "/minions", (x, caller, p) -> e.minions().list(x, caller)),
                new Route("GET", "/minions/{id}", (x, caller, p) -> e.minions().show(x, p.get(0), caller)),
                new Route("GET", "/keys", (x, caller, p) -> e.keys().list(x, caller)),
                new Route("POST", "/keys", (x, caller, p) -> e.keys().preseed(x, caller)),
                // "generate" is also a valid minion id: POST generates, DELETE deletes the key of a minion so named
                new Route("POST", "/keys/generate", (x, caller, p) -> e.keys().generate(x, caller, e.masterFinger())),
                new Route("DELETE", "/keys/{id}", (x, caller, p) -> e.keys().delete(x, p.get(0), caller)),
                new Route("POST", "/keys/{id}/accept", (x, caller, p) -> e.keys().accept(x, p.get(0), caller)),
                new Route("POST", "/keys/{id}/reject", (x, caller, p) -> e.keys().reject(x, p.get(0), caller)),
                new Route("POST", "/hook/{tag+}", (x, caller, p) -> e.hooks().post(x, caller,
                        List.of(p.get(0).split("/")))),
                new Route("GET", "/events", (x, caller, p) -> {
                    io.brine.master.MasterClient who = e.jobs().requireRight(x, caller, "@events", "watch events");
                    e.events().stream(x, caller, x.query("tag").orElse("**"), who::mayWatch,
                            () -> stillAuthenticated.test(x));
                }),
                new Route("POST", "/tokens", (x, caller, p) -> e.tokens().create(x, caller)),
                new Route("GET", "/tokens", (x, caller, p) -> e.tokens().list(x, caller)),
                new Route("DELETE", "/tokens/{name}", (x, caller, p) -> e.tokens().revoke(x, caller, p.get(0))),
                new Route("GET", "/openapi.json", (x, caller, p) -> x.sendBytes(200, "application/json", openApi)));
    }

    static byte[] openApiDocument() {
        try (InputStream in = ApiRoutes.class.getResourceAsStream(OPENAPI_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(OPENAPI_RESOURCE + " is missing from the brine-api jar");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
