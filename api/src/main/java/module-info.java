/** The master's HTTP API: jobs, keys and events over REST and server-sent events, behind bearer tokens. */
module io.brine.api {
    requires transitive io.brine.master;
    requires io.brine.output; // the job document, as the CLI prints it
    requires com.fasterxml.jackson.databind;
    requires transitive io.brine.http;

    exports io.brine.api;

    uses io.brine.api.WebConsole.Factory;
}
