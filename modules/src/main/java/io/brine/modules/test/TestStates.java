package io.brine.modules.test;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.FunctionModule;
import io.brine.functions.StateResult;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Salt's {@code test} states: they change nothing and return a chosen result, which makes them the
 * way to try requisites, ordering and outputs without touching the machine.
 */
public final class TestStates implements FunctionModule {
    @Override
    public String name() {
        return "test";
    }

    @Override
    public List<StateFunction> states() {
        return List.of(
                new Fixed("nop", true, false, "Success!"),
                new Fixed("succeed_without_changes", true, false, "Success!"),
                new Fixed("succeed_with_changes", true, true, "Success!"),
                new Fixed("fail_without_changes", false, false, "Failure!"),
                new Fixed("fail_with_changes", false, true, "Failure!"),
                new Configurable(), new ShowNotification());
    }

    /** A function whose result is fixed; its watch action reports that it fired. */
    private record Fixed(String name, boolean success, boolean changes, String comment) implements StateFunction {
        @Override
        public List<Param> params() {
            return List.of(Param.optional("comment", Param.Type.STRING, comment, "the comment to return"));
        }

        @Override
        public StateResult apply(Arguments args, StateContext ctx) {
            Map<String, Object> diff = changes ? Map.of("testing", Map.of("old", "Unchanged", "new", "Something pretended to change")) : Map.of();
            if (ctx.test() && success && changes) {
                return StateResult.pending(diff, "If we weren't testing, this would be a success with changes");
            }
            return new StateResult(success, diff, args.string("comment"));
        }

        @Override
        public Optional<StateResult> onWatch(Arguments args, StateContext ctx) {
            return Optional.of(ctx.test() ? StateResult.pending(Map.of("watch", "would fire"), "Watch statement would fire.")
                    : StateResult.changed(Map.of("watch", "fired"), "Watch statement fired."));
        }
    }

    /** {@code test.show_notification}: its text as the comment, a success that changes nothing. */
    private static final class ShowNotification implements StateFunction {
        @Override
        public String name() {
            return "show_notification";
        }

        @Override
        public List<Param> params() {
            return List.of(Param.optional("text", Param.Type.STRING, null, "the message; default the state's name"));
        }

        @Override
        public StateResult apply(Arguments args, StateContext ctx) {
            return StateResult.ok(args.optString("text").orElse(args.name()));
        }
    }

    /** {@code test.configurable_test_state}: result, changes and comment as given. */
    private static final class Configurable implements StateFunction {
        @Override
        public String name() {
            return "configurable_test_state";
        }

        @Override
        public List<Param> params() {
            return List.of(
                    Param.optional("result", Param.Type.BOOLEAN, true, "the result to return"),
                    Param.optional("changes", Param.Type.BOOLEAN, true, "whether to report a change"),
                    Param.optional("comment", Param.Type.STRING, "", "the comment to return"));
        }

        @Override
        public StateResult apply(Arguments args, StateContext ctx) {
            Map<String, Object> diff = args.bool("changes") ? Map.of("testing", Map.of("old", "Unchanged", "new", "Something pretended to change")) : Map.of();
            if (ctx.test() && !diff.isEmpty()) {
                return StateResult.pending(diff, args.string("comment"));
            }
            return new StateResult(args.bool("result"), diff, args.string("comment"));
        }
    }
}
