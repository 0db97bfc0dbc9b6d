package io.brine.jobs;

/**
 * A standing subscription to a master's events, embedded ({@code EventBus#subscribe}) or remote
 * ({@code BrineClient#subscribe}): closing it stops the deliveries.
 *
 * <pre>{@code
 * try (Subscription s = brine.subscribe("brine/key/**", e -> System.out.println(e.tag()))) { ... }
 * }</pre>
 */
public interface Subscription extends AutoCloseable {
    @Override
    void close();
}
