/** The master's HTTP API: jobs, keys and events over REST and server-sent events, behind bearer tokens. */
module io.brine.api {
    requires transitive io.brine.master;
    requires com.fasterxml.jackson.databind;
    requires transitive io.brine.http;

    exports io.brine.api;
}
