package io.brine.api;

import io.brine.master.KeyList;
import io.brine.master.MasterKeys;
import io.brine.protocol.MinionId;
import io.brine.protocol.crypto.Fingerprint;
import io.brine.protocol.crypto.KeyFiles;
import io.brine.protocol.crypto.StaticKeyPair;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code GET /keys}, {@code POST /keys/ID/accept}, {@code POST /keys/ID/reject}, {@code DELETE /keys/ID}, and for
 * orchestrators that boot machines with their keys: {@code POST /keys} (pre-seed a public key, as
 * {@code brine key accept ID --pub FILE}) and {@code POST /keys/generate} (a new pair, as {@code brine key gen}
 * makes, whose public half is accepted and whose private half is only ever in the answer).
 */
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

    /** {@code {"id", "pub"}}: accepts {@code pub} (PEM, as in {@code minion.pub}) as {@code id}'s key. */
    void preseed(ApiExchange exchange, String tokenName) throws IOException {
        Map<String, Object> body = exchange.jsonObject();
        onlyFields(body, java.util.Set.of("id", "pub"));
        String id = valid(string(body, "id"));
        byte[] publicKey;
        try {
            publicKey = KeyFiles.parsePublicKeyPem(string(body, "pub"));
        } catch (IOException e) {
            throw ApiException.badRequest("'pub' is not a minion public key: " + e.getMessage());
        }
        seed(exchange, tokenName, id, publicKey);
        exchange.sendJson(200, Map.of("accepted", List.of(id), "fingerprint", Fingerprint.of(publicKey)));
    }

    /**
     * {@code {"id"}}: a new key pair, generated as a minion generates its own; the public key is accepted for
     * {@code id} and the private key (PKCS#8 PEM, the minion's {@code pki_dir/minion.pem}) is in the answer and
     * nowhere else: it cannot be asked for again.
     */
    void generate(ApiExchange exchange, String tokenName, String masterFinger) throws IOException {
        Map<String, Object> body = exchange.jsonObject();
        onlyFields(body, java.util.Set.of("id"));
        String id = valid(string(body, "id"));
        as(exchange, tokenName).list(); // @keys first: nothing is generated for a token that may not keep it
        StaticKeyPair pair = StaticKeyPair.generate();
        seed(exchange, tokenName, id, pair.publicKey());
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("id", id);
        doc.put("fingerprint", Fingerprint.of(pair.publicKey()));
        doc.put("pub", KeyFiles.publicKeyPem(pair.publicKey()));
        doc.put("priv", KeyFiles.privateKeyPem(pair));
        doc.put("master_finger", masterFinger);
        exchange.setHeader("Cache-Control", "no-store");
        exchange.sendJson(201, doc);
    }

    private void seed(ApiExchange exchange, String tokenName, String id, byte[] publicKey) {
        try {
            as(exchange, tokenName).preseed(id, publicKey);
        } catch (IllegalStateException e) {
            throw new ApiException(409, e.getMessage(), Map.of("detail", Map.of("id", id)));
        }
        LOG.log(Level.INFO, "api: key " + id + " pre-seeded by " + tokenName);
    }

    private static void onlyFields(Map<String, Object> body, java.util.Set<String> known) {
        for (String key : body.keySet()) {
            if (!known.contains(key)) {
                throw ApiException.badRequest("unknown field '" + (key.length() > 40 ? key.substring(0, 40) + "..."
                        : key) + "'; known: " + new java.util.TreeSet<>(known));
            }
        }
    }

    private static String string(Map<String, Object> body, String key) {
        if (!(body.get(key) instanceof String s) || s.isBlank()) {
            throw ApiException.badRequest("'" + key + "' must be a non-empty string");
        }
        return s;
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
