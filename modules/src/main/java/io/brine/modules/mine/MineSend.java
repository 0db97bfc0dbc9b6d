package io.brine.modules.mine;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.Param;
import java.util.List;
import java.util.Map;

/**
 * {@code mine.send NAME [ARGS...] [mine_function=FUN] [KEY=VALUE...]}: runs one function now and stores its value in
 * the master's mine under {@code NAME}, as Salt does, whether or not {@code mine_functions} lists it.
 */
final class MineSend implements ExecutionFunction {
    @Override
    public String name() {
        return "mine.send";
    }

    @Override
    public String doc() {
        return "Runs one function (name, or mine_function= for an alias) with the arguments given and stores its "
                + "value in the master's mine under name. Returns True.";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.required("name", Param.Type.STRING, "the mine entry (and function, without "
                + "mine_function)"), Param.optional("args", Param.Type.LIST, List.of(), "its positional arguments")
                .collectingRest());
    }

    @Override
    public boolean acceptsExtraKeywords() {
        return true;
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        MineCall call = MineCall.of(args.string("name"), args.list("args"), args.extras());
        Object value = context.call(call.function(), call.args(), call.kwargs()).ret();
        context.master().mineUpdate(Map.of(call.name(), value), List.of(), false);
        return true;
    }
}
