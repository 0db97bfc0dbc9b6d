/** A worked example of an orchestrator embedding the master and minions as libraries. */
module io.brine.examples {
    requires io.brine.master;
    requires io.brine.minion;

    exports io.brine.examples.orchestrator;
}
