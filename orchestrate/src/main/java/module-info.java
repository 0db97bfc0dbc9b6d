/**
 * Salt's orchestrate runner ({@code salt-run state.orchestrate}) for the master: found by the master through
 * {@link java.util.ServiceLoader} as its {@link io.brine.master.internal.Orchestrator}. It exports nothing: the
 * master's client ({@code MasterClient.orchestrate}), the CLI ({@code brine orchestrate}) and the REST API
 * ({@code POST /orchestrate}) are its front doors.
 */
module io.brine.orchestrate {
    requires io.brine.master;
    requires io.brine.states;
    requires io.brine.functions;

    provides io.brine.master.internal.Orchestrator with io.brine.orchestrate.SaltOrchestrator;
}
