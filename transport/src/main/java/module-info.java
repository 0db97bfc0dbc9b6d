/**
 * Brine's transport: ZeroMQ ROUTER and DEALER endpoints carrying encrypted, authenticated sessions, on runtimes
 * their creators own.
 */
module io.brine.transport {
    requires transitive io.brine.protocol;
    requires org.zeromq.jeromq;

    exports io.brine.transport;
}
