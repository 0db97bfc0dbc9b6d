package io.brine.modules.update;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.FunctionResult;
import io.brine.functions.Param;
import java.util.List;

/**
 * Installs a signed agent release the master staged for this job and restarts into it ({@code brine update}).
 * The minion judges the signature with its own trusted keys; its return comes from the new version once that has
 * reconnected ({@code updated FROM -> TO}), or from this one if the new version failed ({@code rolled-back}); a
 * release it does not take is {@code refused: REASON} at once.
 */
final class UpdateApply implements ExecutionFunction {
    @Override
    public String name() {
        return "update.apply";
    }

    @Override
    public String doc() {
        return "Installs the signed agent release the master staged for this job and restarts into it (what 'brine "
                + "update' runs; not for direct use).";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.required("bundle", Param.Type.MAP, "the staged bundle: source, name, mode, [sha256]"),
                Param.required("signature", Param.Type.STRING, "the bundle's .sig text"),
                Param.optional("allow_downgrade", Param.Type.BOOLEAN, false, "install an older version too"));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws FunctionException {
        context.minion().installUpdate(args.map("bundle"), args.string("signature"), args.bool("allow_downgrade"),
                context.master(), context.jid());
        return FunctionResult.AFTER_RESTART;
    }
}
