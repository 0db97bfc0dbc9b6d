/**
 * The lean minion launcher shipped in the brine-minion package: {@code brine minion} and {@code brine event send}
 * with nothing of the master, the API or the bench.
 */
module io.brine.agent {
    requires io.brine.minion;
    requires io.brine.output;
    requires com.fasterxml.jackson.databind;
    requires io.brine.logging;
}
