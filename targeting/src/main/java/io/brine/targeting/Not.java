package io.brine.targeting;

/** {@code not a}: what is unknown stays unknown, so an exclusion never turns a cache miss into a match. */
record Not(TargetExpression operand) implements TargetExpression {

    @Override
    public Match match(MinionFacts facts) {
        return operand.match(facts).negate();
    }

    @Override
    public boolean needsGrains() {
        return operand.needsGrains();
    }

    @Override
    public boolean needsPillar() {
        return operand.needsPillar();
    }

    @Override
    public String toString() {
        boolean group = operand instanceof AllOf || operand instanceof AnyOf;
        return "not " + (group ? "(" + operand + ")" : operand.toString());
    }
}
