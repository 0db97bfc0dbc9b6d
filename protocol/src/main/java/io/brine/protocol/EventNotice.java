package io.brine.protocol;

import java.io.IOException;
import java.util.Map;
import java.util.Objects;

/** One event streamed to a subscribed client. */
public record EventNotice(long requestId, String tag, Map<String, Object> data, long timeMillis)
        implements ClientResponse {
    static final int TYPE = 36;

    public EventNotice {
        Objects.requireNonNull(tag, "tag");
        data = Values.map(data);
    }

    @Override
    public boolean isFinal() {
        return false;
    }

    void write(WireWriter w) {
        w.integer(requestId).string(tag).map(data).integer(timeMillis);
    }

    static EventNotice read(WireReader r) throws IOException, MalformedMessageException {
        return new EventNotice(r.integer(), r.string(), r.map(), r.integer());
    }
}
