package io.brine.modules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.functions.Arguments;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.FunctionModule;
import io.brine.functions.FunctionPolicy;
import io.brine.functions.FunctionRegistry;
import io.brine.functions.FunctionResult;
import io.brine.functions.MasterLink;
import io.brine.functions.MinionControl;
import io.brine.functions.Param;
import io.brine.functions.ProcessRunner;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A state composes execution functions through its context, as Salt's states call __salt__. */
class StateCallsFunctionTest {
    @TempDir
    Path dir;

    /** {@code probe.echoed}: calls test.echo with its name and reports what came back as its change. */
    static final class ProbeModule implements FunctionModule {
        @Override
        public String name() {
            return "probe";
        }

        @Override
        public List<StateFunction> states() {
            return List.of(new StateFunction() {
                @Override
                public String name() {
                    return "echoed";
                }

                @Override
                public List<Param> params() {
                    return List.of();
                }

                @Override
                public StateResult apply(Arguments args, StateContext ctx) throws InterruptedException {
                    try {
                        FunctionResult r = ctx.call("test.echo", Map.of("text", args.name()));
                        return StateResult.changed(Map.of("echo", r.ret()), "test.echo answered");
                    } catch (FunctionException e) {
                        return StateResult.failed(e.getMessage());
                    }
                }
            });
        }
    }

    @Test
    void aStateCallsAnExecutionFunctionWithinItsJob() throws Exception {
        Map<?, ?> states = (Map<?, ?>) single(FunctionPolicy.ALLOW_ALL).ret();
        Map<?, ?> only = (Map<?, ?>) states.values().iterator().next();
        assertEquals(true, only.get("result"), only.toString());
        assertEquals(Map.of("echo", "from a state"), only.get("changes"));
    }

    @Test
    void theMinionsPolicyHoldsForCallsFromStatesToo() throws Exception {
        FunctionPolicy noEcho = new FunctionPolicy(List.of("*"), List.of("test.echo"), null);
        Map<?, ?> states = (Map<?, ?>) single(noEcho).ret();
        Map<?, ?> only = (Map<?, ?>) states.values().iterator().next();
        assertEquals(false, only.get("result"), only.toString());
        assertTrue(String.valueOf(only.get("comment")).contains("functions_denied"), only.toString());
    }

    private FunctionResult single(FunctionPolicy policy) throws Exception {
        List<FunctionModule> modules = new ArrayList<>(Calls.REGISTRY.modules());
        modules.add(new ProbeModule());
        FunctionRegistry registry = FunctionRegistry.of(modules);
        Instant deadline = Instant.now().plusSeconds(30);
        try (ProcessRunner runner = new ProcessRunner(System.getLogger("test"))) {
            FunctionContext context = new FunctionContext("minion1", "20240101000000000002", Map.of(),
                    MasterLink.NONE, deadline, registry, dir, MinionControl.NONE, policy, runner.until(deadline));
            var f = registry.find("state.single").orElseThrow();
            return (FunctionResult) f.call(context, Arguments.bind("state.single", f.params(),
                    List.of("probe.echoed"), Map.of("name", "from a state"), true));
        }
    }
}
