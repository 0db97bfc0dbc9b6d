package io.brine.http;

import java.net.InetAddress;
import java.util.Map;

/** One request served by an {@link AsyncHandler}, and its one answer. */
public interface AsyncExchange {
    String method();

    /** The path, decoded, without its query. */
    String path();

    /** The raw query string, or null. */
    String query();

    /** Where the connection comes from (for limits and logs, never identity). */
    InetAddress remoteAddress();

    /** The body, read whole (within the listener's bound). */
    byte[] body();

    /**
     * The request proved who sent it (for a link of the HTTPS transport: it named a live link): its connection is
     * kept between requests in a slot of {@link ConnectionLimits#authenticated}, not counted as waiting. Call before
     * {@link #respond}.
     */
    void authenticated();

    /** Answers the request; only the first call counts. Callable from any thread. */
    void respond(int status, Map<String, String> headers, byte[] body);
}
