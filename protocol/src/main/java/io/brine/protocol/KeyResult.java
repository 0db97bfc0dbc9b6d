package io.brine.protocol;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The answer to a {@link KeyRequest}: ids grouped by what happened or by status ({@code accepted},
 * {@code pending}, {@code rejected}, {@code denied}, {@code missing}), in the shape {@code brine key} prints.
 */
public record KeyResult(long requestId, Map<String, List<String>> groups) implements ClientResponse {
    static final int TYPE = 39;

    public KeyResult {
        Map<String, List<String>> copy = new LinkedHashMap<>();
        groups.forEach((k, v) -> copy.put(k, List.copyOf(v)));
        groups = java.util.Collections.unmodifiableMap(copy);
    }

    void write(WireWriter w) {
        w.integer(requestId).arrayHeader(groups.size());
        groups.forEach((k, v) -> w.string(k).strings(v));
    }

    static KeyResult read(WireReader r) throws IOException, MalformedMessageException {
        long id = r.integer();
        int n = r.arrayHeader();
        if (n > 16) {
            throw new MalformedMessageException("key result: too many groups");
        }
        Map<String, List<String>> groups = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            groups.put(r.string(), r.strings());
        }
        return new KeyResult(id, groups);
    }
}
