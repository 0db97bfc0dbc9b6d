/**
 * The minion as a library, the agent runtime only: {@link io.brine.minion.Minion} keeps the session with a master,
 * runs jobs, spools returns and serves the local call sockets. It names no function: the state engine
 * ({@code io.brine.states}) and the function modules ({@code io.brine.modules}, or an extension jar) are found
 * through {@link java.util.ServiceLoader} wherever they sit beside it.
 */
module io.brine.minion {
    requires transitive io.brine.transport;
    requires transitive io.brine.functions;
    requires transitive io.brine.config;
    requires transitive io.brine.jobs; // a local call's outcome is a Job, as a master's client reports it
    requires io.brine.fileserver;
    requires io.brine.release; // signed self-updates: the keys a minion trusts, the checks it makes
    requires com.fasterxml.jackson.databind;
    requires com.fasterxml.jackson.dataformat.yaml; // extension manifests, read with their lines
    requires jdk.net; // SO_PEERCRED: who is calling on the local call socket

    exports io.brine.minion;

    uses io.brine.functions.FunctionModule; // extension jars (extension_jars), each in a class loader of its own
}
