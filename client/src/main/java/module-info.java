/**
 * A running master, from another process: {@link io.brine.client.BrineClient} speaks the encrypted client protocol
 * the CLI speaks and offers the embedded master's client methods, in the values of {@code io.brine.jobs}. It needs
 * nothing of the master itself (its job cache, HTTP API or metrics); the {@code brine} command talks to its master
 * through it alone.
 */
module io.brine.client {
    requires transitive io.brine.jobs;
    requires transitive io.brine.config;
    requires io.brine.protocol;
    requires io.brine.transport;

    exports io.brine.client;
}
