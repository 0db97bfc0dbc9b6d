package io.brine.modules.file;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import java.util.List;

/**
 * {@code file.accumulated}: text collected during the run for the {@code file.managed} (its template's
 * {@code accumulator} variable) or {@code file.blockreplace} (its block) of {@code filename}. The accumulated state
 * must be required by, or watched by, the file state that uses it, so it runs first.
 *
 * <pre>
 * motd-greeting:
 *   file.accumulated:
 *     - filename: /etc/motd
 *     - text: Welcome to web1
 *     - require_in:
 *       - file: /etc/motd
 * </pre>
 */
final class FileAccumulated implements StateFunction {
    @Override
    public String name() {
        return "accumulated";
    }

    @Override
    public String doc() {
        return "Adds text to a named accumulator for the file.managed template or file.blockreplace of filename.";
    }

    @Override
    public List<Param> params() {
        return List.of(
                Param.required("filename", Type.STRING, "the file whose file.managed or file.blockreplace state uses it"),
                Param.required("text", Type.STRING_LIST, "a string or a list of strings to add"));
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) {
        String name = args.name();
        String filename = args.string("filename");
        List<String> consumers = ctx.run().dependents("file");
        // without a file state depending on it, nothing orders it before the file is written
        if (consumers.isEmpty()) {
            return StateResult.failed("Orphaned accumulator " + name + " in " + ctx.run().sls() + ":" + ctx.run().id());
        }
        Accumulators accumulators = ctx.run().shared(Accumulators.class, Accumulators::new);
        boolean added = accumulators.charge(filename, name, args.strings("text"), consumers);
        return StateResult.ok(added ? "Accumulator " + name + " for file " + filename + " was charged by text" : "");
    }
}
