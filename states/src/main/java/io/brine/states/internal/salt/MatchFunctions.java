package io.brine.states.internal.salt;

import io.brine.targeting.Match;
import io.brine.targeting.MinionFacts;
import io.brine.targeting.TargetExpression;
import io.brine.targeting.TargetSyntaxException;
import java.util.Map;

/**
 * Salt's {@code match.*} in templates ({@code salt['match.grain']('os:Debian')}): whether this minion is one a target
 * names, by the same parser and matcher the master addresses jobs with, against this minion's own id, grains and
 * pillar. A malformed target is an error with the parser's words.
 */
final class MatchFunctions {
    private final String id;
    private final Map<String, Object> grains;
    private final Map<String, Object> pillar;

    MatchFunctions(String id, Map<String, Object> grains, Map<String, Object> pillar) {
        this.id = id;
        this.grains = grains;
        this.pillar = pillar;
    }

    /** {@code match.TYPE(tgt, minion_id=None)} for the target types that name minions by id or by facts. */
    Object matches(String type, Call c) {
        String target = String.valueOf(c.required(0, "tgt"));
        Object delimiter = c.kwargs().get("delimiter");
        if (delimiter != null && !":".equals(delimiter)) {
            throw new IllegalArgumentException("salt['" + c.function() + "']: only ':' separates nested keys here");
        }
        // minion_id asks about another id with this minion's facts, as Salt's glob, pcre, list and compound do
        String who = c.kwargs().get("minion_id") instanceof String other ? other : id;
        try {
            TargetExpression expression = TargetExpression.parse(target, type, Map.of());
            return expression.match(new MinionFacts(who, grains, pillar)) == Match.MATCH;
        } catch (TargetSyntaxException e) {
            throw new IllegalArgumentException("salt['" + c.function() + "']: " + e.getMessage());
        }
    }
}
