package io.brine.states.execution;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionResult;
import io.brine.functions.FunctionModule;
import io.brine.functions.Param;
import java.util.List;

/**
 * Salt's {@code state} execution module: applies state trees from the master's file roots.
 *
 * <p>Example: {@code brine state apply 'web*' nginx --test}, or {@code brine run web1 state.apply nginx test=true}.
 */
public final class StateRunModule implements FunctionModule {
    private final StateRuns runs = new StateRuns();

    @Override
    public String name() {
        return "state";
    }

    @Override
    public List<ExecutionFunction> execution() {
        Param mods = Param.optional("mods", Param.Type.ANY, null, "state files, as a list or 'a,b'; none: highstate");
        Param test = Param.optional("test", Param.Type.BOOLEAN, false, "report what would change, change nothing");
        Param pillar = Param.optional("pillar", Param.Type.MAP, null, "merged over this minion's pillar for this run");
        Param queue = Param.optional("queue", Param.Type.BOOLEAN, false, "wait for a state run already going");
        Param concurrent = Param.optional("concurrent", Param.Type.BOOLEAN, false,
                "run beside a state run already going (the caller's risk)");
        return List.of(
                new Apply("state.apply", "Applies the named state files, or the highstate (top.sls) without names.",
                        List.of(mods, test, pillar, queue, concurrent), false),
                new Apply("state.sls", "Applies the named state files.",
                        List.of(Param.required("mods", Param.Type.ANY, "state files, as a list or 'a,b'"), test, pillar,
                                queue, concurrent), false),
                new Apply("state.highstate", "Applies what top.sls assigns to this minion.",
                        List.of(test, pillar, queue, concurrent), false),
                new Apply("state.test", "state.apply in test mode: reports what would change.",
                        List.of(mods, pillar, queue, concurrent), true),
                new Single(), new ShowSls());
    }

    private final class Apply implements ExecutionFunction {
        private final String name;
        private final String doc;
        private final List<Param> params;
        private final boolean alwaysTest;

        Apply(String name, String doc, List<Param> params, boolean alwaysTest) {
            this.name = name;
            this.doc = doc;
            this.params = params;
            this.alwaysTest = alwaysTest;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public String doc() {
            return doc;
        }

        @Override
        public List<Param> params() {
            return params;
        }

        @Override
        public Object call(FunctionContext context, Arguments args) throws Exception {
            List<String> sls = args.asMap().containsKey("mods") ? StateRuns.mods(args.get("mods")) : List.of();
            boolean test = alwaysTest || Boolean.TRUE.equals(args.asMap().get("test"));
            return runs.locked(context, name, args, () -> StateRuns.result(runs.engine(context).apply(
                    runs.job(context, sls, test, args.get("pillar")))));
        }
    }

    private final class Single implements ExecutionFunction {
        @Override
        public String name() {
            return "state.single";
        }

        @Override
        public String doc() {
            return "Runs one state function, e.g. state.single pkg.installed name=curl; other keywords are its arguments.";
        }

        @Override
        public List<Param> params() {
            return List.of(Param.required("fun", Param.Type.STRING, "the state function, e.g. file.managed"),
                    Param.required("name", Param.Type.STRING, "the state's name"),
                    Param.optional("test", Param.Type.BOOLEAN, false, "report what would change, change nothing"));
        }

        @Override
        public boolean acceptsExtraKeywords() {
            return true;
        }

        @Override
        public Object call(FunctionContext context, Arguments args) throws Exception {
            java.util.Map<String, Object> kwargs = new java.util.LinkedHashMap<>(args.extras());
            kwargs.put("name", args.string("name"));
            return StateRuns.result(runs.engine(context).single(args.string("fun"), kwargs,
                    runs.job(context, List.of(), Boolean.TRUE.equals(args.bool("test")))));
        }
    }

    private final class ShowSls implements ExecutionFunction {
        @Override
        public String name() {
            return "state.show_sls";
        }

        @Override
        public String doc() {
            return "Shows the named state files compiled: every state with its arguments, in order. Runs nothing.";
        }

        @Override
        public List<Param> params() {
            return List.of(Param.required("mods", Param.Type.ANY, "state files, as a list or 'a,b'"),
                    Param.optional("pillar", Param.Type.MAP, null, "merged over this minion's pillar"));
        }

        @Override
        public Object call(FunctionContext context, Arguments args) throws Exception {
            Object shown = runs.engine(context).showSls(runs.job(context, StateRuns.mods(args.get("mods")), true,
                    args.get("pillar")));
            // compile errors come back as their list: a failed return, exit 1, as Salt's show_sls
            return shown instanceof List<?> errors ? new FunctionResult(errors, 1) : shown;
        }
    }
}
