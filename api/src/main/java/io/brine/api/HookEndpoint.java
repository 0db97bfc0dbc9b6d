package io.brine.api;

import io.brine.master.EventBus;
import io.brine.master.MasterClient;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * {@code POST /hook/TAG...}: a webhook (from a CI system, say) put on the master's event bus as
 * {@code brine/hook/TAG...}, with the JSON body as the event's data and {@code by: "token:NAME"} added, so that
 * reactor rules and event streams see who sent it. Needs {@code @hooks}: a hook can set off reactor rules.
 */
final class HookEndpoint {
    static final String PREFIX = "brine/hook/";
    private static final Pattern PART = Pattern.compile("[A-Za-z0-9._-]{1,64}");
    private static final int MAX_PARTS = 8;
    private final MasterClient client;
    private final EventBus events;

    HookEndpoint(MasterClient client, EventBus events) {
        this.client = client;
        this.events = events;
    }

    void post(ApiExchange exchange, String tokenName, List<String> parts) throws IOException {
        client.as(ApiHandler.identity(tokenName), exchange.remote()).requireRight("@hooks", "post hook events");
        if (parts.size() > MAX_PARTS || !parts.stream().allMatch(p -> PART.matcher(p).matches())) {
            throw ApiException.badRequest("a hook tag is 1 to " + MAX_PARTS + " parts of 1 to 64 of A-Z a-z 0-9 . _ -");
        }
        Map<String, Object> data = new LinkedHashMap<>(exchange.jsonObjectOrEmpty());
        data.put("by", ApiHandler.identity(tokenName)); // set here, never taken from the body
        String tag = PREFIX + String.join("/", parts);
        events.publish(tag, data);
        exchange.sendJson(200, Map.of("tag", tag));
    }
}
