package io.brine.protocol;

import java.io.IOException;
import java.util.Map;
import java.util.Objects;

/**
 * An event a minion forwards from its guest (a script's status post-back). The master files it under
 * {@code brine/minion/ID/event/TAG}, taking ID from the session, so no minion can post as another. Its data is
 * read under {@link ValueBounds#EVENT_DATA}.
 */
public record EventPost(String tag, Map<String, Object> data) implements Message {
    static final int TYPE = 19;
    public static final int MAX_TAG = 256;

    public EventPost {
        Objects.requireNonNull(tag, "tag");
        if (tag.isEmpty() || tag.length() > MAX_TAG || !tag.matches("[A-Za-z0-9_.:/@-]+") || tag.contains("..")
                || tag.startsWith("/") || tag.endsWith("/") || tag.contains("//")) {
            throw new IllegalArgumentException("event tags are 1 to " + MAX_TAG
                    + " characters from A-Z a-z 0-9 _ . : / @ -, without '..' or empty segments");
        }
        data = Values.map(data);
    }

    void write(WireWriter w) {
        w.string(tag).map(data);
    }

    static EventPost read(WireReader r) throws IOException, MalformedMessageException {
        return new EventPost(r.string(), r.map(ValueBounds.EVENT_DATA));
    }
}
