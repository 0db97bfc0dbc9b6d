package io.brine.modules.postgres;

import io.brine.functions.FunctionException;
import io.brine.functions.StateContext;
import io.brine.functions.StateResult;
import java.util.Map;

/**
 * The server could not be asked at all: psql is not installed, the system user it runs as does not exist, or it
 * could not connect (psql's exit status 2). In test mode a state says so and plans nothing for certain, rather than
 * failing: on a fresh machine the states that install and start the server run first, and a plan of the whole
 * highstate must not fail on what they have not done yet.
 */
final class PgUnreachable extends FunctionException {
    private static final long serialVersionUID = 1L;

    PgUnreachable(String message) {
        super(message);
    }

    /** A failure, or in test mode a result of None saying what could not be known and why. */
    StateResult outcome(StateContext ctx, String what) {
        if (ctx.test()) {
            return StateResult.pending(Map.of(), what + " cannot be checked now: " + getMessage());
        }
        return StateResult.failed(getMessage());
    }
}
