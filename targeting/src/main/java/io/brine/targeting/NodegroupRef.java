package io.brine.targeting;

/** {@code N@name}, expanded at parse time; the name is kept so that the expression prints as written. */
record NodegroupRef(String name, TargetExpression expansion) implements TargetExpression {

    @Override
    public Match match(MinionFacts facts) {
        return expansion.match(facts);
    }

    @Override
    public boolean needsGrains() {
        return expansion.needsGrains();
    }

    @Override
    public boolean needsPillar() {
        return expansion.needsPillar();
    }

    @Override
    public String toString() {
        return "N@" + name;
    }
}
