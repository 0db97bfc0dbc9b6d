package io.brine.functions;

import io.brine.protocol.FunctionSignature;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The signatures of the functions a minion runs, as it reports them to its master: only those its policy
 * allows, so the master never learns of, nor checks against, a function this guest refuses.
 */
public final class Declarations {
    private Declarations() {
    }

    /** Name to {@link FunctionSignature#toWire()} for every function in {@code catalog}. */
    public static Map<String, Object> of(FunctionCatalog catalog) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (String name : catalog.names()) {
            catalog.find(name).ifPresent(f -> out.put(name, signature(f).toWire()));
        }
        return out;
    }

    static FunctionSignature signature(ExecutionFunction f) {
        List<FunctionSignature.Input> inputs = new ArrayList<>();
        for (Param p : f.params()) {
            inputs.add(new FunctionSignature.Input(p.name(), p.type().wire(), p.required(), p.allowed(),
                    p.rest()));
        }
        return new FunctionSignature(f.name(), inputs, f.acceptsExtraKeywords());
    }
}
