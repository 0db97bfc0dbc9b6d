package io.brine.states.internal.compiler;

import java.util.Set;

/** Arguments the engine itself interprets on every state, never passed to functions (except name). */
public final class Keywords {
    static final Set<String> GENERAL = Set.of("name", "names", "order", "failhard", "use", "use_in", "retry",
            "parallel");

    /**
     * Salt's global arguments asking the minion to reload its modules, grains or pillar after the state ran, which
     * formulas set after installing a package that a later state's module needs. Brine's functions are all loaded up
     * front and a job's grains and pillar are fixed when it starts, so there is nothing to reload; the arguments are
     * accepted on any state and have no effect.
     */
    static final Set<String> RELOADS = Set.of("reload_modules", "reload_grains", "reload_pillar");

    /**
     * Salt's internal key for the state's file server environment, which an sls may set on a state and which Salt never
     * passes to the function. Brine serves one environment, base, so the key is accepted and has no effect.
     */
    static final String ENVIRONMENT = "__env__";

    private Keywords() {}

    public static boolean isReserved(String arg) {
        return GENERAL.contains(arg) || RequisiteKind.parse(arg).isPresent();
    }
}
