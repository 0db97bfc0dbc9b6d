/**
 * Brine's transport: ROUTER and DEALER endpoints carrying encrypted, authenticated sessions, on runtimes their
 * creators own, over ZMTP (ZeroMQ's wire protocol) or HTTPS links; see docs/transports.md.
 */
module io.brine.transport {
    requires transitive io.brine.protocol;
    requires java.net.http;

    exports io.brine.transport;
}
