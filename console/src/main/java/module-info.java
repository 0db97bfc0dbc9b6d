/**
 * The web console: server-rendered pages under {@code /ui/} on the master's API listener, found by the API through
 * {@link java.util.ServiceLoader}. It exports nothing; its pages are its interface.
 */
module io.brine.console {
    requires io.brine.api;
    requires io.brine.output;
    requires com.fasterxml.jackson.databind;

    provides io.brine.api.WebConsole.Factory with io.brine.console.ConsoleFactory;
}
