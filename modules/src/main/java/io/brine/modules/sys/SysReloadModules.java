package io.brine.modules.sys;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import java.util.List;

/**
 * {@code sys.reload_modules}: reads the minion's extension modules again (docs/extensions.md) and tells the master
 * what it now runs, as Salt's {@code saltutil.refresh_modules} does for its module directories.
 */
final class SysReloadModules implements ExecutionFunction {
    @Override
    public String name() {
        return "sys.reload_modules";
    }

    @Override
    public String doc() {
        return "Reads the extension modules again and reports the functions to the master. Returns the extensions "
                + "registered and those refused, with why.";
    }

    @Override
    public List<Param> params() {
        return List.of();
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws FunctionException {
        try {
            return context.minion().reloadModules();
        } catch (IllegalStateException | UnsupportedOperationException e) {
            throw new FunctionException(e.getMessage());
        }
    }
}
