package io.brine.orchestrate;

import io.brine.functions.FunctionCaller;
import io.brine.functions.FunctionException;
import io.brine.functions.FunctionResult;
import io.brine.master.internal.Orchestrator;
import java.util.List;
import java.util.Map;

/**
 * What {@code salt[...]} reaches in an orchestration's templates beyond Salt's data helpers (pillar, grains, match,
 * defaults...), which the template engine answers itself: the master's mine, as the run's caller may read it.
 */
final class MasterTemplateCalls implements FunctionCaller {
    private final Orchestrator.Host host;

    MasterTemplateCalls(Orchestrator.Host host) {
        this.host = host;
    }

    @Override
    public FunctionResult call(String function, List<Object> args, Map<String, Object> kwargs)
            throws FunctionException {
        if (!function.equals("mine.get")) {
            throw new FunctionException("salt['" + function + "'] is not available when rendering an orchestration "
                    + "on the master: only the data helpers and mine.get are; run it on minions with salt.function");
        }
        String target = argument(args, kwargs, 0, "tgt");
        String fun = argument(args, kwargs, 1, "fun");
        Object type = kwargs.containsKey("tgt_type") ? kwargs.get("tgt_type") : args.size() > 2 ? args.get(2) : "glob";
        try {
            return new FunctionResult(host.mine(target, String.valueOf(type), fun), 0);
        } catch (IllegalArgumentException e) {
            throw new FunctionException("mine.get: " + e.getMessage());
        }
    }

    private static String argument(List<Object> args, Map<String, Object> kwargs, int at, String name)
            throws FunctionException {
        Object v = kwargs.containsKey(name) ? kwargs.get(name) : args.size() > at ? args.get(at) : null;
        if (v == null) {
            throw new FunctionException("mine.get: '" + name + "' is required");
        }
        return String.valueOf(v);
    }
}
