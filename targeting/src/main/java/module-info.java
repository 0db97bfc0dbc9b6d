/**
 * Target expressions, on their own so that a minion running without a master matches its top files exactly as
 * the master addresses jobs: {@link io.brine.targeting.TargetExpression} parses one and matches it against
 * {@link io.brine.targeting.MinionFacts}.
 */
module io.brine.targeting {
    exports io.brine.targeting;
}
