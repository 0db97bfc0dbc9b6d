package io.brine.api;

import io.brine.master.KeyList;
import io.brine.master.MasterKeys;
import io.brine.protocol.MinionId;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code GET /keys}, {@code POST /keys/ID/accept}, {@code POST /keys/ID/reject} and {@code DELETE /keys/ID}. */
final class KeyEndpoints {
    private static final Logger LOG = System.getLogger(KeyEndpoints.class.getName());
    private final MasterKeys keys;

    KeyEndpoints(MasterKeys keys) {
        this.keys = keys;
    }

    /** The same document as {@code brine key list --out json}; needs {@code @keys}. */
    void list(ApiExchange exchange, String tokenName) throws IOException {
        KeyList all = as(exchange, tokenName).list();
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("accepted", all.accepted());
        doc.put("pending", all.pending());
        doc.put("rejected", all.rejected());
        doc.put("denied", all.denied());
        exchange.sendJson(200, doc);
    }

    void accept(ApiExchange exchange, String id, String tokenName) throws IOException {
        change(exchange, id, tokenName, "accepted", as(exchange, tokenName).accept(valid(id)), "no pending key for ");
    }

    void reject(ApiExchange exchange, String id, String tokenName) throws IOException {
        change(exchange, id, tokenName, "rejected", as(exchange, tokenName).reject(valid(id)), "no pending or accepted key for ");
    }

    void delete(ApiExchange exchange, String id, String tokenName) throws IOException {
        change(exchange, id, tokenName, "deleted", as(exchange, tokenName).delete(valid(id)), "no key for ");
    }

    /** The keys as the token sees them: each operation checks {@code @keys}, audits, and names the token. */
    private MasterKeys as(ApiExchange exchange, String tokenName) {
        return keys.as(ApiHandler.identity(tokenName), exchange.remote());
    }

    private static void change(ApiExchange exchange, String id, String tokenName, String verb, boolean done,
            String notFound) throws IOException {
        if (!done) {
            throw ApiException.notFound(notFound + "'" + id + "'");
        }
        LOG.log(Level.INFO, "api: key " + id + " " + verb + " by " + tokenName);
        exchange.sendJson(200, Map.of(verb, List.of(id)));
    }

    private static String valid(String id) {
        if (!MinionId.isValid(id)) {
            throw ApiException.badRequest("invalid minion id");
        }
        return id;
    }
}
