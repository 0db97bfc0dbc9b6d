package io.brine.targeting;

/**
 * The outcome of matching one minion. {@link #UNKNOWN} means the expression needs grains or pillar the master
 * does not have for this minion and the rest of the expression does not decide it; the caller must report
 * such minions rather than drop them. Combination follows Kleene's three-valued logic.
 */
public enum Match {
    MATCH, NO_MATCH, UNKNOWN;

    static Match of(boolean matched) {
        return matched ? MATCH : NO_MATCH;
    }

    /** {@code not}: swaps MATCH and NO_MATCH; what is unknown stays unknown. */
    Match negate() {
        return switch (this) {
            case MATCH -> NO_MATCH;
            case NO_MATCH -> MATCH;
            case UNKNOWN -> UNKNOWN;
        };
    }
}
