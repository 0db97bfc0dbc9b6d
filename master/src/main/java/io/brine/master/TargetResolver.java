package io.brine.master;

import io.brine.targeting.Match;
import io.brine.targeting.MinionFacts;
import io.brine.targeting.TargetExpression;
import io.brine.targeting.TargetType;
import io.brine.protocol.KeyStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Resolves a target against the ids that may be targeted (the accepted keys' minions, or a roster's hosts) and
 * their facts, so the master knows exactly which must answer. Minions whose grains or pillar the master lacks, and
 * for which the target therefore cannot be decided, are reported apart, never silently dropped.
 */
final class TargetResolver {
    /** What the master knows of one targetable id: its grains and pillar, each only when asked for. */
    @FunctionalInterface
    interface Facts {
        MinionFacts facts(String id, boolean needGrains, boolean needPillar);
    }

    /**
     * The minions a target selects, those it could not decide for, and the ids a list target names that are no
     * accepted minion (reported as {@code unknown}, never silently dropped).
     */
    record Resolution(List<String> expected, List<String> undetermined, List<String> unknown) {
        Resolution(List<String> expected, List<String> undetermined) {
            this(expected, undetermined, List.of());
        }
    }

    private final Supplier<List<String>> ids;
    private final Facts facts;
    private final Map<String, String> nodegroups;

    /** Over {@code ids} (asked again for every target), their {@code facts}. */
    TargetResolver(Supplier<List<String>> ids, Facts facts, Map<String, String> nodegroups) {
        this.ids = ids;
        this.facts = facts;
        this.nodegroups = Map.copyOf(nodegroups);
    }

    /** Over the minions whose keys are accepted. */
    static TargetResolver minions(KeyStore keys, MinionFactsCache facts, Map<String, String> nodegroups) {
        return new TargetResolver(() -> keys.ids(KeyStatus.ACCEPTED), facts::facts, nodegroups);
    }

    TargetExpression parse(String expression, TargetType type) {
        return TargetExpression.parse(expression, type, nodegroups);
    }

    /** As {@link #resolve(TargetExpression)}; a list target's ids that are not targetable are {@code unknown}. */
    Resolution resolve(TargetExpression target, String expression, TargetType type) {
        Resolution r = resolve(target);
        if (type != TargetType.LIST) {
            return r;
        }
        java.util.Set<String> accepted = new java.util.HashSet<>(ids.get());
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
        for (String id : ids.get()) {
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
