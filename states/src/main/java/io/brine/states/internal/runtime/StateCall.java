package io.brine.states.internal.runtime;

import io.brine.functions.Command;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import io.brine.states.internal.compiler.Chunk;
import io.brine.states.internal.compiler.GlobalArgs.Retry;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Runs one state whose requisites allow it, with the global arguments around its function as Salt applies them:
 * the {@code onlyif}/{@code unless}/{@code creates} probes, the function, its watch action when a watched state
 * changed, {@code check_cmd} deciding the result, and {@code retry} repeating all of that until the result is the
 * one wanted. Each way in ({@link #run}, {@link #invoke}, {@link #watch}) first asks the minion's policy
 * ({@link PolicyGate}); nothing of a refused state runs.
 */
final class StateCall {
    private final StateContext ctx;

    StateCall(StateContext ctx) {
        this.ctx = ctx;
    }

    StateResult run(Chunk chunk, boolean watchChanged) {
        Optional<StateResult> refused = PolicyGate.refusal(chunk, ctx);
        if (refused.isPresent()) {
            return refused.get();
        }
        Retry retry = chunk.global().retry();
        StateResult result = once(chunk, watchChanged);
        if (retry == null) {
            return result;
        }
        if (ctx.test()) {
            return new StateResult(result.result(), result.changes(), (result.comment() + "  The state would be retried every "
                    + number(retry.interval()) + " seconds (with a splay of up to " + number(retry.splay())
                    + " seconds) a maximum of " + retry.attempts() + " times or until a result of "
                    + python(retry.until()) + " is returned").strip());
        }
        List<String> attempts = new ArrayList<>();
        for (int attempt = 1; attempt < retry.attempts() && !java.util.Objects.equals(result.result(), retry.until());
                attempt++) {
            attempts.add("Attempt " + attempt + ": Returned a result of \"" + python(result.result())
                    + "\", with the following comment: \"" + result.comment() + "\"");
            try {
                double splay = retry.splay() > 0 ? ThreadLocalRandom.current().nextDouble(retry.splay()) : 0;
                Thread.sleep(Math.round((retry.interval() + splay) * 1000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return StateResult.failed(String.join("\n", attempts) + "\nInterrupted while waiting to retry");
            }
            result = once(chunk, watchChanged);
        }
        if (attempts.isEmpty()) {
            return result;
        }
        attempts.add(result.comment());
        return new StateResult(result.result(), result.changes(), String.join("\n", attempts));
    }

    private StateResult once(Chunk chunk, boolean watchChanged) {
        Optional<StateResult> skip = guards(chunk);
        if (skip.isPresent()) {
            return skip.get();
        }
        StateResult result = apply(chunk.fn(), chunk, ctx);
        if (watchChanged && !result.failed() && !result.hasChanges()) {
            result = onWatch(chunk).orElse(result);
        }
        if (!chunk.global().checkCmd().isEmpty() && !ctx.test()) {
            result = checkCmd(chunk.global().checkCmd(), result);
        }
        return result;
    }

    /** What the policy allows of the function's own result (for {@code prereq}: asking a state what it would do). */
    static StateResult invoke(StateFunction fn, Chunk chunk, StateContext ctx) {
        return PolicyGate.refusal(chunk, ctx).orElseGet(() -> apply(fn, chunk, ctx));
    }

    /** The function's own result, an exception becoming a failed result that names it. */
    private static StateResult apply(StateFunction fn, Chunk chunk, StateContext ctx) {
        try {
            return fn.apply(chunk.args(), ctx);
        } catch (IOException | RuntimeException e) {
            Map<String, Object> none = new LinkedHashMap<>();
            return new StateResult(false, none, "An exception occurred in this state: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return StateResult.failed("Interrupted while running " + chunk.key());
        }
    }

    private Optional<StateResult> guards(Chunk chunk) {
        if (chunk.global().guards().isEmpty()) {
            return Optional.empty();
        }
        try {
            return chunk.global().guards().skip(Command::shell, ctx);
        } catch (IOException e) {
            return Optional.of(StateResult.failed("An onlyif/unless probe could not run: " + e.getMessage()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of(StateResult.failed("Interrupted while running the onlyif/unless probes"));
        }
    }

    /** The state's watch action for {@code listen}, at the end of the run, if the policy allows the state. */
    Optional<StateResult> watch(Chunk chunk) {
        Optional<StateResult> refused = PolicyGate.refusal(chunk, ctx);
        return refused.isPresent() ? refused : onWatch(chunk);
    }

    /** The state's watch action, run when something it watches changed. */
    private Optional<StateResult> onWatch(Chunk chunk) {
        try {
            return chunk.fn().onWatch(chunk.args(), ctx);
        } catch (IOException | RuntimeException e) {
            return Optional.of(StateResult.failed("The watch action failed: " + e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of(StateResult.failed("Interrupted while running the watch action"));
        }
    }

    /**
     * Salt's {@code check_cmd}: after the state acted, every command must succeed for the state to succeed; the
     * first that fails makes it fail. The changes stay as the function reported them.
     */
    private StateResult checkCmd(List<String> commands, StateResult result) {
        for (String command : commands) {
            try {
                if (!ctx.commands().run(Command.shell(command)).ok()) {
                    return new StateResult(false, result.changes(), "check_cmd determined the state failed");
                }
            } catch (IOException e) {
                return new StateResult(false, result.changes(), "check_cmd could not run: " + e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return new StateResult(false, result.changes(), "Interrupted while running check_cmd");
            }
        }
        return new StateResult(true, result.changes(), "check_cmd determined the state succeeded");
    }

    /** True, False and None as Salt prints them in comments. */
    private static String python(Boolean value) {
        return value == null ? "None" : value ? "True" : "False";
    }

    private static String number(double value) {
        return value == Math.rint(value) ? String.valueOf((long) value) : String.valueOf(value);
    }
}
