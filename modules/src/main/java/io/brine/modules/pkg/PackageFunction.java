package io.brine.modules.pkg;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The common link of every pkg execution function: it finds this minion's package provider from its
 * grains and turns a failing package tool into a reported failure naming the tool's complaint (and,
 * when a change failed part way, what it had changed), so each function only does its own job.
 */
abstract class PackageFunction implements ExecutionFunction {
    /** Salt's {@code *names} argument, which here is a list (a single name is a one-element list). */
    static final Param NAMES = Param.required("names", Param.Type.STRING_LIST, "one package name, or a list of them");

    @Override
    public final Object call(FunctionContext context, Arguments args) throws FunctionException, InterruptedException {
        PackageManager pm = PackageManagers.forGrains(context.grains(), context.commands()).orElseThrow(
                () -> new FunctionException("No package provider for os_family '" + context.grains().get("os_family") + "'"));
        try {
            return call(pm, args, context);
        } catch (PackageChanges.Failed e) {
            throw new FunctionException(name() + ": " + e.getMessage()
                    + (e.changes().isEmpty() ? "" : "; changed before failing: " + e.changes()));
        } catch (IOException e) {
            throw new FunctionException(name() + ": " + e.getMessage());
        }
    }

    /** The function's own work, with the provider chosen; {@code context} for those that need more of the job. */
    abstract Object call(PackageManager pm, Arguments args, FunctionContext context)
            throws IOException, InterruptedException, FunctionException;

    /** As Salt answers a {@code *names} call: the bare value for one name, a name-to-value dict for several. */
    static Object perName(List<String> names, Map<String, String> values) {
        if (names.size() == 1) {
            return values.getOrDefault(names.get(0), "");
        }
        Map<String, Object> out = new LinkedHashMap<>();
        names.forEach(n -> out.put(n, values.getOrDefault(n, "")));
        return out;
    }

    /** The packages a call is about: {@code pkgs} when given, else {@code name}; one of them is required. */
    List<PackageManager.Request> targets(Arguments args) throws FunctionException {
        if (args.list("pkgs").isEmpty() && args.optString("name").isEmpty()) {
            throw new FunctionException(name() + " needs a package: give name or pkgs");
        }
        try {
            return Targets.of(args);
        } catch (IllegalArgumentException e) {
            throw new FunctionException(name() + ": " + e.getMessage());
        }
    }
}
