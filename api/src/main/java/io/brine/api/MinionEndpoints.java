package io.brine.api;

import io.brine.master.MasterKeys;
import io.brine.jobs.MinionStatus;
import io.brine.protocol.MinionId;
import java.io.IOException;
import java.util.ArrayList;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code GET /minions}: {@code brine manage status --out json} ({@code {"up": [...], "down": [...], "minions":
 * {ID: {"up", "last_seen"}}}}) with each minion's grains added; {@code GET /minions/ID}: one of those entries with
 * its {@code id}. Both need {@code @keys}, as the key list does: they name every minion.
 */
final class MinionEndpoints {
    private final MasterKeys keys;

    MinionEndpoints(MasterKeys keys) {
        this.keys = keys;
    }

    void list(ApiExchange exchange, String tokenName) throws IOException {
        MasterKeys view = as(exchange, tokenName);
        List<String> up = new ArrayList<>();
        List<String> down = new ArrayList<>();
        Map<String, Object> minions = new LinkedHashMap<>();
        for (MinionStatus m : view.status()) {
            (m.up() ? up : down).add(m.id());
            minions.put(m.id(), entry(view, m, false));
        }
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("up", up);
        doc.put("down", down);
        doc.put("minions", minions);
        exchange.sendJson(200, doc);
    }

    void show(ApiExchange exchange, String id, String tokenName) throws IOException {
        MasterKeys view = as(exchange, tokenName);
        if (!MinionId.isValid(id)) {
            throw ApiException.notFound("no accepted minion with that id (not a valid minion id)");
        }
        MinionStatus m = view.status(id).orElseThrow(() -> ApiException.notFound("no accepted minion '" + id + "'"));
        exchange.sendJson(200, entry(view, m, true));
    }

    private static Map<String, Object> entry(MasterKeys view, MinionStatus m, boolean withId) {
        Map<String, Object> one = new LinkedHashMap<>();
        if (withId) {
            one.put("id", m.id());
        }
        one.put("up", m.up());
        // milliseconds, as brine manage status --out json and every other time of the API print it (not nanoseconds)
        one.put("last_seen", m.lastSeen().map(t -> t.truncatedTo(ChronoUnit.MILLIS).toString()).orElse(null));
        one.put("transport", m.transport().orElse(null));
        one.put("version", m.version().orElse(null));
        one.put("grains", view.grains(m.id()));
        return one;
    }

    private MasterKeys as(ApiExchange exchange, String tokenName) {
        return keys.as(ApiHandler.identity(tokenName), exchange.remote());
    }
}
