package io.brine.states.internal.runtime;

import io.brine.functions.Effect;
import io.brine.functions.StateContext;
import io.brine.functions.StateResult;
import io.brine.states.internal.compiler.Chunk;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The minion's policy on one state, asked before anything of the state runs (its probes, its function, its watch
 * action) and in test mode too, so a plan already shows the refusal: the state function's own name against
 * {@code functions_allowed}/{@code functions_denied}, then what it declares it would set going
 * ({@link io.brine.functions.StateFunction#effects}) and the engine's own commands for it ({@code onlyif},
 * {@code unless}, {@code check_cmd}). Every path into a state function passes here, so no state function checks
 * the policy itself.
 */
final class PolicyGate {
    private PolicyGate() {
    }

    /** A failed result naming the rule, or empty when the state may act. */
    static Optional<StateResult> refusal(Chunk chunk, StateContext ctx) {
        String state = chunk.module() + "." + chunk.function();
        List<Effect> effects = new ArrayList<>();
        try {
            effects.addAll(chunk.fn().effects(chunk.args()));
        } catch (RuntimeException e) {
            // what it would run cannot be told, so it cannot be allowed
            return Optional.of(StateResult.failed(state + " is refused: cannot tell what it would run (" + e + ")"));
        }
        chunk.global().guards().onlyif().forEach(line -> effects.add(new Effect.RunsCommand("onlyif probe", line)));
        chunk.global().guards().unless().forEach(line -> effects.add(new Effect.RunsCommand("unless probe", line)));
        chunk.global().checkCmd().forEach(line -> effects.add(new Effect.RunsCommand("check_cmd", line)));
        return ctx.policy().stateRefusal(state, effects).map(StateResult::failed);
    }
}
