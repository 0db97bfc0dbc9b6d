package io.brine.api;

import io.brine.master.MasterClient;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code GET /tokens}, {@code POST /tokens} and {@code DELETE /tokens/NAME}: what {@code brine token} does, for
 * a token holding {@code @tokens}. Every change is audited under the acting token's name.
 */
final class TokenEndpoints {
    private static final Set<String> CREATE_KEYS = Set.of("name", "expires");

    private final TokenStore tokens;
    private final MasterClient client;

    TokenEndpoints(TokenStore tokens, MasterClient client) {
        this.tokens = tokens;
        this.client = client;
    }

    /**
     * The same document as {@code brine token list --out json}, of the tokens the caller may manage (all of them
     * for the local admin); never a token itself.
     */
    void list(ApiExchange exchange, String tokenName) throws IOException {
        MasterClient who = allowed(exchange, tokenName, "list tokens");
        List<Map<String, Object>> doc = new ArrayList<>();
        for (TokenInfo t : tokens.list()) {
            if (!who.mayManageToken(t.name())) {
                continue;
            }
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", t.name());
            m.put("created", t.created().toString());
            m.put("expires", t.expiry().map(Object::toString).orElse(null));
            doc.add(m);
        }
        exchange.sendJson(200, Map.of("tokens", doc));
    }

    /** {@code {"name": "heat", "expires": "24h"}} answers {@code 201 {"name", "token"}}: the only time it is shown. */
    void create(ApiExchange exchange, String tokenName) throws IOException {
        MasterClient who = allowed(exchange, tokenName, "create tokens");
        Map<String, Object> body = exchange.jsonObject();
        for (String k : body.keySet()) {
            if (!CREATE_KEYS.contains(k)) {
                throw ApiException.badRequest("unknown field '" + k + "'; known: expires, name");
            }
        }
        if (!(body.get("name") instanceof String name)) {
            throw ApiException.badRequest("'name' must be a string");
        }
        Object expires = body.get("expires");
        if (expires != null && !(expires instanceof String)) {
            throw ApiException.badRequest("'expires' must be a lifetime such as 24h");
        }
        who.requireTokenName(name, "create");
        who.requireAudit("token.create", Map.of("token", name));
        String token;
        try {
            token = tokens.create(name, TokenStore.lifetime((String) expires));
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest(e.getMessage());
        }
        who.audit("token.create", Map.of("token", name,
                "expires", expires == null ? "never" : expires, "outcome", "created"));
        exchange.sendJson(201, Map.of("name", name, "token", token));
    }

    void revoke(ApiExchange exchange, String tokenName, String name) throws IOException {
        MasterClient who = allowed(exchange, tokenName, "revoke tokens");
        who.requireTokenName(name, "revoke");
        who.requireAudit("token.revoke", Map.of("token", name));
        if (!tokens.revoke(name)) {
            throw ApiException.notFound("no token named '" + name.replaceAll("[^A-Za-z0-9._@-]", "?") + "'");
        }
        who.audit("token.revoke", Map.of("token", name, "outcome", "revoked"));
        exchange.sendJson(200, Map.of("revoked", List.of(name)));
    }

    private MasterClient allowed(ApiExchange exchange, String tokenName, String what) {
        MasterClient who = client.as(ApiHandler.identity(tokenName), exchange.remote());
        who.requireRight("@tokens", what);
        return who;
    }
}
