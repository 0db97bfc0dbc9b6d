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

    /** The longest documentation sent per function: its first sentences, for the master's console. */
    static final int MAX_DOC_CHARS = 300;

    /**
     * Name to {@link FunctionSignature#toWire()} for every function in {@code catalog}, with its documentation
     * under {@code "doc"} (a master reads only the keys it knows, so older masters ignore it).
     */
    public static Map<String, Object> of(FunctionCatalog catalog) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (String name : catalog.names()) {
            catalog.find(name).ifPresent(f -> {
                Map<String, Object> wire = new LinkedHashMap<>(signature(f).toWire());
                String doc = f.doc() == null ? "" : f.doc().strip();
                if (!doc.isEmpty()) {
                    wire.put("doc", doc.length() > MAX_DOC_CHARS ? doc.substring(0, MAX_DOC_CHARS) : doc);
                }
                out.put(name, wire);
            });
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
