package io.brine.orchestrate;

import io.brine.functions.FunctionModule;
import io.brine.functions.StateFunction;
import io.brine.master.internal.Orchestrator;
import java.util.List;

/**
 * Salt's orchestrate states ({@code salt/states/saltmod.py}): {@code salt.state} and {@code salt.function} publish
 * jobs to minions as the run's caller, {@code salt.wait_for_event} waits for minions' events, {@code salt.runner}
 * calls one of the master's own operations.
 */
final class SaltStates implements FunctionModule {
    private final Orchestrator.Host host;
    private final MinionEvents events;

    SaltStates(Orchestrator.Host host, MinionEvents events) {
        this.host = host;
        this.events = events;
    }

    @Override
    public String name() {
        return "salt";
    }

    @Override
    public List<StateFunction> states() {
        return List.of(new StateStep(host), new FunctionStep(host), new EventWait(events), new RunnerStep(host));
    }
}
