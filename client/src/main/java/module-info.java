/**
 * A running master, from another process: {@link io.brine.client.BrineClient} speaks the encrypted client protocol
 * the CLI speaks and offers the embedded master's client methods. The session itself
 * ({@code io.brine.client.internal}) is shared with the CLI alone.
 */
module io.brine.client {
    requires transitive io.brine.master;

    exports io.brine.client;
    exports io.brine.client.internal to io.brine.cli;
}
