package io.brine.functions;

import java.util.List;
import java.util.Map;

/**
 * Calls an execution function by name from inside another function, as Salt's states call {@code __salt__}
 * and its templates {@code salt[...]}: the arguments are bound and checked against the callee's declarations,
 * the minion's policy decides whether it may run, and it runs within the calling job (same deadline, same
 * kill).
 *
 * <pre>{@code
 * FunctionResult r = ctx.functions().call("pkg.install", List.of(), Map.of("name", "curl"));
 * if (!r.success()) return StateResult.failed("pkg.install: " + r.ret());
 * }</pre>
 */
@FunctionalInterface
public interface FunctionCaller {
    /** A caller for engines used without a minion: every call fails, saying so. */
    FunctionCaller NONE = (function, args, kwargs) -> {
        throw new FunctionException(function + ": no execution functions are available here");
    };

    /**
     * Runs {@code function} and returns its result (a plain return is a result with retcode 0).
     *
     * @throws FunctionException if there is no such function, it is refused, its arguments do not bind, or it
     *                           failed by throwing
     */
    FunctionResult call(String function, List<Object> args, Map<String, Object> kwargs)
            throws FunctionException, InterruptedException;
}
