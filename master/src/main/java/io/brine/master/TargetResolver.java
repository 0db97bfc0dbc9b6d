package io.brine.master;

import io.brine.targeting.Match;
import io.brine.targeting.TargetExpression;
import io.brine.targeting.TargetType;
import io.brine.protocol.KeyStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Resolves a target against the accepted keys and the facts cache, so the master knows exactly which
 * minions must answer. Minions whose grains or pillar the master lacks, and for which the target therefore
 * cannot be decided, are reported apart, never silently dropped.
 */
final class TargetResolver {
    /**
     * The minions a target selects, those it could not decide for, and the ids a list target names that are no
     * accepted minion (reported as {@code unknown}, never silently dropped).
     */
    record Resolution(List<String> expected, List<String> undetermined, List<String> unknown) {
        Resolution(List<String> expected, List<String> undetermined) {
            this(expected, undetermined, List.of());
        }
    }

    private final KeyStore keys;
    private final MinionFactsCache facts;
    private final Map<String, String> nodegroups;

    TargetResolver(KeyStore keys, MinionFactsCache facts, Map<String, String> nodegroups) {
        this.keys = keys;
        this.facts = facts;
        this.nodegroups = Map.copyOf(nodegroups);
    }

    TargetExpression parse(String expression, TargetType type) {
        return TargetExpression.parse(expression, type, nodegroups);
    }

    /** As {@link #resolve(TargetExpression)}; a list target's ids that no accepted minion has are {@code unknown}. */
    Resolution resolve(TargetExpression target, String expression, TargetType type) {
        Resolution r = resolve(target);
        if (type != TargetType.LIST) {
            return r;
        }
        java.util.Set<String> accepted = new java.util.HashSet<>(keys.ids(KeyStatus.ACCEPTED));
        List<String> unknown = new ArrayList<>();
        for (String id : expression.split(",")) {
            String name = id.trim();
            if (!name.isEmpty() && !accepted.contains(name) && !unknown.contains(name)
                    && io.brine.protocol.MinionId.isValid(name)) {
                unknown.add(name);
            }
        }
        return new Resolution(r.expected(), r.undetermined(), unknown);
    }

    Resolution resolve(TargetExpression target) {
        List<String> expected = new ArrayList<>();
        List<String> undetermined = new ArrayList<>();
        boolean grains = target.needsGrains();
        boolean pillar = target.needsPillar();
        for (String id : keys.ids(KeyStatus.ACCEPTED)) {
            Match m = target.match(facts.facts(id, grains, pillar));
            if (m == Match.MATCH) {
                expected.add(id);
            } else if (m == Match.UNKNOWN) {
                undetermined.add(id);
            }
        }
        return new Resolution(expected, undetermined);
    }
}
