package io.brine.api;

import com.sun.net.httpserver.HttpExchange;
import io.brine.master.Master;
import java.io.IOException;

/**
 * A web console the API's listener serves under {@code /ui/}, found beside the API through
 * {@link java.util.ServiceLoader} (the {@code brine-console} module), so that an application embedding the API
 * without it carries none of its pages or scripts. The console authenticates its requests itself (a session
 * cookie, or the API's bearer token) with the API's {@link TokenStore}, and acts as {@code token:NAME} like the API.
 */
public interface WebConsole extends AutoCloseable {
    /** The path everything of the console is under. */
    String PATH = "/ui";

    /** Answers one request whose path is {@code /ui} or under {@code /ui/}; it closes the exchange. */
    void handle(HttpExchange exchange) throws IOException;

    /** Ends its live streams; called when the API server closes. */
    @Override
    void close();

    /** Opens the console of one API server. */
    interface Factory {
        /**
         * A console over {@code master}, signing in with {@code tokens}; {@code tls} says whether the listener
         * serves HTTPS (the session cookie is then {@code Secure}).
         */
        WebConsole open(Master master, TokenStore tokens, boolean tls);
    }
}
