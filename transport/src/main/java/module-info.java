/**
 * Brine's transport: ROUTER and DEALER endpoints speaking ZMTP (ZeroMQ's wire protocol) and carrying encrypted,
 * authenticated sessions, on runtimes their creators own.
 */
module io.brine.transport {
    requires transitive io.brine.protocol;

    exports io.brine.transport;
}
