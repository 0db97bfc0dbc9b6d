package io.brine.minion.functions;

import io.brine.minion.function.Arguments;
import io.brine.minion.function.Function;
import io.brine.minion.function.FunctionContext;
import io.brine.minion.function.FunctionModule;
import io.brine.minion.function.Param;
import java.util.List;

/**
 * Salt's {@code pillar} module: this minion's private data, compiled by the master for it alone.
 *
 * <p>Example: {@code brine run web1 pillar.get users:admin}.
 */
public final class PillarModule implements FunctionModule {
    @Override
    public List<Function> functions() {
        return List.of(new Items(), new Get(), new Refresh());
    }

    private static final class Items implements Function {
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

    private static final class Refresh implements Function {
        @Override
        public String name() {
            return "pillar.refresh";
        }

        @Override
        public String doc() {
            return "Has the master compile this minion's pillar again (and target by the new values); returns true.";
        }

        @Override
        public List<Param> params() {
            return List.of();
        }

        @Override
        public Object call(FunctionContext context, Arguments args) throws Exception {
            context.master().pillar();
            return true;
        }
    }

    private static final class Get implements Function {
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
