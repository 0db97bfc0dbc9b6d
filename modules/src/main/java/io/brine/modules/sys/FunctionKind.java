package io.brine.modules.sys;

import io.brine.functions.FunctionCatalog;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.SortedSet;

/** Which functions a sys.* function describes: execution functions, state functions, or both. */
enum FunctionKind {
    EXECUTION, STATE, ALL;

    static final String PARAM = "kind";

    static Param param(FunctionKind byDefault) {
        return Param.optional(PARAM, Param.Type.STRING, byDefault.name().toLowerCase(Locale.ROOT),
                "which functions: execution, state or all").oneOfIgnoringCase("execution", "state", "all");
    }

    /** The kind a bound {@code kind} argument names (its declared choices are the names of this enum's values). */
    static FunctionKind of(String text) {
        return valueOf(text.toUpperCase(Locale.ROOT));
    }

    /** The kinds this one stands for, execution first. */
    List<FunctionKind> each() {
        return this == ALL ? List.of(EXECUTION, STATE) : List.of(this);
    }

    String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    SortedSet<String> names(FunctionCatalog catalog) {
        return this == STATE ? catalog.stateNames() : catalog.names();
    }

    /** The documentation and parameters of one function of this kind, if there is one by that name. */
    Optional<Described> describe(FunctionCatalog catalog, String name) {
        return this == STATE
                // a state the policy refuses is still found (so applying it names the rule) but not described
                ? catalog.state(name).filter(f -> catalog.stateNames().contains(name))
                        .map(f -> new Described(f.doc(), f.params()))
                : catalog.find(name).map(f -> new Described(f.doc(), f.params()));
    }

    record Described(String doc, List<Param> params) {
    }
}
