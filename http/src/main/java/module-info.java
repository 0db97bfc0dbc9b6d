/**
 * {@link io.brine.http.HttpListener}: where Brine's HTTP surfaces listen (the master's API, its {@code /metrics} and
 * {@code /health}), hardened once against slow and greedy clients.
 */
module io.brine.http {
    requires transitive jdk.httpserver;
    requires org.eclipse.jetty.http.spi;
    requires org.eclipse.jetty.server;
    requires org.eclipse.jetty.http;
    requires org.eclipse.jetty.io;
    requires org.eclipse.jetty.util;

    exports io.brine.http;
}
