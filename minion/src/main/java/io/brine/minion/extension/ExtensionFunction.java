package io.brine.minion.extension;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.FunctionResult;
import io.brine.functions.Param;
import java.util.List;
import java.util.Map;

/**
 * An execution function an extension's manifest declares: its arguments are bound and checked against the
 * manifest (as the master checks them before publishing), then the executable answers {@code {"ret": ...,
 * "retcode": N}} or {@code {"error": "..."}}.
 */
final class ExtensionFunction implements ExecutionFunction {
    private final String name;
    private final ExtensionManifest.Declared declared;
    private final ExtensionProcess process;

    ExtensionFunction(String module, ExtensionManifest.Declared declared, ExtensionProcess process) {
        this.name = module + "." + declared.name();
        this.declared = declared;
        this.process = process;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String doc() {
        return declared.doc();
    }

    @Override
    public List<Param> params() {
        return declared.params();
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        Map<String, Object> answer = process.call(context.commands(), declared.name(), args.asMap(), false,
                context.jid(), context.grains());
        if (!answer.containsKey("ret")) {
            throw new FunctionException(name + " answered neither 'ret' nor 'error'");
        }
        Object retcode = answer.getOrDefault("retcode", 0);
        if (!(retcode instanceof Integer code)) {
            throw new FunctionException(name + " answered a retcode that is not a whole number: " + retcode);
        }
        return new FunctionResult(answer.get("ret"), code);
    }
}
