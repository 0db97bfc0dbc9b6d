package io.brine.http;

/**
 * Serves requests without holding a thread while it waits ({@link HttpListener#startAsync}): each request is
 * handed over once its body is read, and answered when its handler is ready to, from any thread (a long poll holds
 * nothing but its connection).
 */
@FunctionalInterface
public interface AsyncHandler {
    /** One request, body read; it must be answered ({@link AsyncExchange#respond}) exactly once, now or later. */
    void handle(AsyncExchange exchange);
}
