package io.brine.states;

import io.brine.functions.StateContext;
import io.brine.functions.StateResult;
import io.brine.functions.StateFunction;
import io.brine.functions.Param;
import io.brine.functions.Arguments;
import io.brine.functions.FunctionModule;
import java.util.List;
import java.util.Map;

/** A test-only module with a required argument. */
final class EchoModule implements FunctionModule {
    @Override
    public String name() {
        return "echo";
    }

    @Override
    public List<StateFunction> states() {
        return List.of(new StateFunction() {
            @Override
            public String name() {
                return "say";
            }

            @Override
            public List<Param> params() {
                return List.of(Param.required("text", Param.Type.STRING, "what to say"));
            }

            @Override
            public StateResult apply(Arguments args, StateContext ctx) {
                return StateResult.changed(Map.of("said", args.string("text")), args.string("text"));
            }
        });
    }
}
