package io.brine.jobs;

import java.util.Map;
import java.util.Objects;

/**
 * Something that happened, as the event bus carries it: a slash-separated tag such as
 * {@code brine/job/20261122101500123456/ret/web1}, data, and the time in epoch milliseconds.
 *
 * <pre>{@code
 * master.events().subscribe("brine/key/**", e -> System.out.println(e.tag() + " by " + e.data().get("by")));
 * }</pre>
 *
 * @param tag        what happened, slash-separated
 * @param data       what the publisher said about it (unmodifiable; empty rather than null)
 * @param timeMillis when it was published, in epoch milliseconds
 */
public record Event(String tag, Map<String, Object> data, long timeMillis) {
    public Event {
        Objects.requireNonNull(tag, "tag");
        data = data == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(data));
    }
}
