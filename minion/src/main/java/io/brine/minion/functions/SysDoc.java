package io.brine.minion.functions;

import io.brine.minion.function.Arguments;
import io.brine.minion.function.Function;
import io.brine.minion.function.FunctionContext;
import io.brine.minion.function.FunctionException;
import io.brine.minion.function.Param;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

final class SysDoc implements Function {
    @Override
    public String name() {
        return "sys.doc";
    }

    @Override
    public String doc() {
        return "Describes functions and their parameters: all of them, one by name, a module such as 'cmd', or "
                + "those matching a glob.";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.optional("name", Param.Type.STRING, "*", "function, module or glob to describe"));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws FunctionException {
        var matches = NamePattern.compile(name(), args.string("name"));
        Map<String, Object> docs = new TreeMap<>();
        for (String fn : context.catalog().names()) {
            if (matches.test(fn)) {
                context.catalog().find(fn).ifPresent(f -> docs.put(fn, describe(f)));
            }
        }
        if (docs.isEmpty()) {
            // An empty answer would look like a function without documentation; say what went wrong instead.
            throw new FunctionException("sys.doc: no function matches '" + args.string("name") + "'");
        }
        return docs;
    }

    private static Map<String, Object> describe(Function f) {
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
        return d;
    }
}
