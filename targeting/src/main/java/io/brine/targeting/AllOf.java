package io.brine.targeting;

import java.util.List;
import java.util.stream.Collectors;

/** {@code a and b and ...}: Kleene's and, so one NO_MATCH decides even when another part is UNKNOWN. */
record AllOf(List<TargetExpression> parts) implements TargetExpression {

    @Override
    public Match match(MinionFacts facts) {
        boolean unknown = false;
        for (TargetExpression part : parts) {
            Match m = part.match(facts);
            if (m == Match.NO_MATCH) {
                return Match.NO_MATCH;
            }
            unknown |= m == Match.UNKNOWN;
        }
        return unknown ? Match.UNKNOWN : Match.MATCH;
    }

    @Override
    public boolean needsGrains() {
        return parts.stream().anyMatch(TargetExpression::needsGrains);
    }

    @Override
    public boolean needsPillar() {
        return parts.stream().anyMatch(TargetExpression::needsPillar);
    }

    @Override
    public String toString() {
        return parts.stream().map(p -> p instanceof AnyOf ? "(" + p + ")" : p.toString())
                .collect(Collectors.joining(" and "));
    }
}
