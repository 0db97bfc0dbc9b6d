package io.brine.modules.sys;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code sys.doc} (execution functions by default, as in Salt; {@code kind=state} or {@code kind=all} for the
 * others) and Salt's {@code sys.state_doc}.
 */
final class SysDoc implements ExecutionFunction {
    private final String name;
    private final FunctionKind byDefault;

    private SysDoc(String name, FunctionKind byDefault) {
        this.name = name;
        this.byDefault = byDefault;
    }

    static SysDoc execution() {
        return new SysDoc("sys.doc", FunctionKind.EXECUTION);
    }

    static SysDoc states() {
        return new SysDoc("sys.state_doc", FunctionKind.STATE);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String doc() {
        return "Describes " + (byDefault == FunctionKind.STATE ? "state" : "execution") + " functions and their "
                + "parameters: all of them, one by name, a module such as 'cmd', or those matching a glob. With "
                + "kind=all, both kinds, each under its kind.";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.optional("name", Param.Type.STRING, "*", "function, module or glob to describe"),
                FunctionKind.param(byDefault));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws FunctionException {
        var matches = NamePattern.compile(name(), args.string("name"));
        FunctionKind kind = FunctionKind.of(args.string(FunctionKind.PARAM));
        Map<String, Object> byKind = new LinkedHashMap<>();
        for (FunctionKind k : kind.each()) {
            Map<String, Object> docs = new TreeMap<>();
            for (String fn : k.names(context.catalog())) {
                if (matches.test(fn)) {
                    k.describe(context.catalog(), fn).ifPresent(d -> docs.put(fn, describe(d)));
                }
            }
            byKind.put(k.label(), docs);
        }
        if (byKind.values().stream().allMatch(d -> ((Map<?, ?>) d).isEmpty())) {
            // An empty answer would look like a function without documentation; say what went wrong instead.
            throw new FunctionException(name + ": no function matches '" + args.string("name") + "'");
        }
        return kind == FunctionKind.ALL ? byKind : byKind.get(kind.label());
    }

    private static Map<String, Object> describe(FunctionKind.Described f) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("doc", f.doc());
        d.put("params", f.params().stream().map(SysDoc::describe).toList());
        return d;
    }

    private static Map<String, Object> describe(Param p) {
        // LinkedHashMap, not Map.of: a parameter without a default has a null one, and that is worth showing.
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("name", p.name());
        d.put("type", p.type().name().toLowerCase(Locale.ROOT));
        d.put("required", p.required());
        d.put("default", p.defaultValue());
        d.put("doc", p.doc());
        // Only what is declared: most parameters allow anything of their type, and say nothing more.
        if (p.rest()) {
            d.put("rest", true);
        }
        if (!p.allowed().choices().isEmpty()) {
            d.put("choices", p.allowed().choices());
            d.put("ignore_case", p.allowed().ignoreCase());
        }
        if (p.allowed().min() != null) {
            d.put("min", number(p.allowed().min()));
        }
        if (p.allowed().max() != null) {
            d.put("max", number(p.allowed().max()));
        }
        if (p.allowed().pattern() != null) {
            d.put("pattern", p.allowed().pattern());
        }
        if (!p.allowed().isNone()) {
            d.put("allowed", p.allowed().describe());
        }
        return d;
    }

    /** A bound of an integer parameter shows as one (1, not 1.0). */
    private static Number number(double bound) {
        return bound == Math.rint(bound) && Math.abs(bound) < 1e15 ? (Number) (long) bound : bound;
    }
}
