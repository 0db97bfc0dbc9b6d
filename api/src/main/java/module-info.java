/** The master's HTTP API: jobs, keys and events over REST and server-sent events, behind bearer tokens. */
module io.brine.api {
    requires transitive io.brine.master;
    requires com.fasterxml.jackson.databind;
    requires jdk.httpserver;
    requires org.eclipse.jetty.http.spi;
    requires org.eclipse.jetty.server;
    requires org.eclipse.jetty.io;
    requires org.eclipse.jetty.util;

    exports io.brine.api;
}
