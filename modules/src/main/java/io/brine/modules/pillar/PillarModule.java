package io.brine.modules.pillar;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionModule;
import io.brine.functions.Param;
import io.brine.modules.grains.GrainsGet;
import java.util.List;

/**
 * Salt's {@code pillar} module: this minion's private data, compiled by the master for it alone.
 *
 * <p>Example: {@code brine run web1 pillar.get users:admin}.
 */
public final class PillarModule implements FunctionModule {
    @Override
    public String name() {
        return "pillar";
    }

    @Override
    public List<ExecutionFunction> execution() {
        return List.of(new Items(), new Get(), new Refresh());
    }

    private static final class Items implements ExecutionFunction {
        @Override
        public String name() {
            return "pillar.items";
        }

        @Override
        public String doc() {
            return "Returns this minion's whole pillar.";
        }

        @Override
        public List<Param> params() {
            return List.of();
        }

        @Override
        public Object call(FunctionContext context, Arguments args) throws Exception {
            return context.master().pillar();
        }
    }

    private static final class Refresh implements ExecutionFunction {
        @Override
        public String name() {
            return "pillar.refresh";
        }

        @Override
        public String doc() {
            return "Has the master compile this minion's pillar again (and target by the new values), and takes the "
                    + "pillar's schedule and mine_functions into the minion's schedule; returns true.";
        }

        @Override
        public List<Param> params() {
            return List.of();
        }

        @Override
        public Object call(FunctionContext context, Arguments args) throws Exception {
            context.minion().pillarRefreshed(context.master().pillar());
            return true;
        }
    }

    private static final class Get implements ExecutionFunction {
        @Override
        public String name() {
            return "pillar.get";
        }

        @Override
        public String doc() {
            return "Returns one pillar value; ':' walks into nested maps and lists. Returns default when absent.";
        }

        @Override
        public List<Param> params() {
            return List.of(Param.required("key", Param.Type.STRING, "pillar key, or a ':'-separated path"),
                    Param.optional("default", Param.Type.ANY, "", "what to return when the key is absent"));
        }

        @Override
        public Object call(FunctionContext context, Arguments args) throws Exception {
            return GrainsGet.lookup(context.master().pillar(), args.string("key")).orElse(args.get("default"));
        }
    }
}
