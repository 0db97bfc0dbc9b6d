package io.brine.states.internal.compiler;

import io.brine.functions.StateGuards;
import java.util.List;

/**
 * Salt's global state arguments as the engine applies them to one state, whatever its function.
 *
 * @param orderKey where it sorts before requisites are considered (explicit {@code order} first)
 * @param guards {@code onlyif}, {@code unless} and {@code creates}, for functions that do not take them
 * @param checkCmd commands run after the state acted, deciding its result, for functions that do not take it
 * @param retry how to repeat the state until it reaches a result, or null to run it once
 * @param parallel run it beside the following states; those that require it wait for it
 */
public record GlobalArgs(long orderKey, boolean failhard, StateGuards guards, List<String> checkCmd, Retry retry,
                                                  boolean parallel) {
    public GlobalArgs {
        checkCmd = List.copyOf(checkCmd);
    }

    /**
     * Salt's {@code retry}: up to {@code attempts} runs, {@code interval} seconds apart plus up to {@code splay}
     * random seconds, until the result is {@code until} (True, False or None).
     */
    public record Retry(int attempts, Boolean until, double interval, double splay) {
        /** {@code retry: True}: Salt's defaults. */
        public static final Retry DEFAULT = new Retry(2, true, 30, 0);
    }
}
