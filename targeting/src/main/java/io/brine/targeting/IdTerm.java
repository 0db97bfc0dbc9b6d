package io.brine.targeting;

import java.util.function.Predicate;

/** A term on the minion id alone (glob, list or regex): always decidable, whatever the caches hold. */
record IdTerm(TermKind kind, String text, Predicate<String> test) implements TargetExpression {

    @Override
    public Match match(MinionFacts facts) {
        return Match.of(test.test(facts.id()));
    }

    @Override
    public boolean needsGrains() {
        return false;
    }

    @Override
    public boolean needsPillar() {
        return false;
    }

    @Override
    public String toString() {
        return kind.render(text);
    }
}
