package io.brine.targeting;

import java.util.List;
import java.util.stream.Collectors;

/** {@code a or b or ...}: Kleene's or, so one MATCH decides even when another part is UNKNOWN. */
record AnyOf(List<TargetExpression> parts) implements TargetExpression {

    @Override
    public Match match(MinionFacts facts) {
        boolean unknown = false;
        for (TargetExpression part : parts) {
            Match m = part.match(facts);
            if (m == Match.MATCH) {
                return Match.MATCH;
            }
            unknown |= m == Match.UNKNOWN;
        }
        return unknown ? Match.UNKNOWN : Match.NO_MATCH;
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
        return parts.stream().map(TargetExpression::toString).collect(Collectors.joining(" or "));
    }
}
