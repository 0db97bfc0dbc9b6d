package io.brine.orchestrate;

import io.brine.functions.Command;
import io.brine.functions.CommandResult;
import io.brine.functions.CommandRunner;
import io.brine.functions.FunctionCaller;
import io.brine.functions.FunctionException;
import io.brine.functions.FunctionModule;
import io.brine.functions.FunctionPolicy;
import io.brine.functions.FunctionRegistry;
import io.brine.master.internal.Orchestrator;
import io.brine.states.DirectoryStateFiles;
import io.brine.states.StateEngine;
import io.brine.states.StateJob;
import io.brine.states.StateOutcome;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Salt's orchestrate runner: the SLS is rendered on the master (Salt's Jinja and pillar, {@code salt['mine.get']}
 * answered from the master's mine) and run by the state engine over Salt's orchestrate states ({@link SaltStates})
 * and the {@code test} states, with requisites, {@code order}, {@code failhard} and {@code parallel} meaning what
 * they mean in any state run. The master runs no commands and no minion functions of its own: {@code onlyif},
 * {@code unless} and execution functions are refused, saying so.
 */
public final class SaltOrchestrator implements Orchestrator {
    /** Found by the master through {@link java.util.ServiceLoader}. */
    public SaltOrchestrator() {
    }

    @Override
    public Outcome run(Run run) throws InterruptedException {
        try (MinionEvents events = MinionEvents.listen(run.host())) {
            List<FunctionModule> modules = new ArrayList<>();
            modules.add(new SaltStates(run.host(), events));
            modules.addAll(testStates());
            StateJob job = new StateJob(List.of(run.sls()), new DirectoryStateFiles(run.fileRoots()), run.masterId(),
                    Map.of("id", run.masterId()), run.pillar(), run.test(), FunctionPolicy.ALLOW_ALL, false,
                    NO_COMMANDS, NO_FUNCTIONS, new MasterTemplateCalls(run.host()));
            StateOutcome outcome = StateEngine.of(modules).apply(job);
            if (Thread.interrupted()) {
                throw new InterruptedException("the orchestration was stopped");
            }
            return new Outcome(outcome.ret(), outcome.success());
        }
    }

    /** Salt's {@code test} states (test.succeed_with_changes...), where the function modules are installed. */
    private static List<FunctionModule> testStates() {
        return FunctionRegistry.installed().modules().stream()
                .filter(m -> m.name().equals("test") && !m.states().isEmpty()).toList();
    }

    private static final CommandRunner NO_COMMANDS = new CommandRunner() {
        @Override
        public CommandResult run(Command command) throws IOException {
            throw new IOException("an orchestration runs on the master, which runs no commands for it: onlyif, "
                    + "unless and cmd states belong in the states a salt.state step applies on a minion");
        }
    };

    private static final FunctionCaller NO_FUNCTIONS = (function, args, kwargs) -> {
        throw new FunctionException(function + ": an orchestration runs on the master, which runs no minion "
                + "functions; use salt.function to run it on minions");
    };
}
