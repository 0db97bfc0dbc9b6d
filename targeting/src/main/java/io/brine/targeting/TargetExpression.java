package io.brine.targeting;

import java.util.Map;

/**
 * A parsed target expression, shared by the CLI, the library and the master so that all three agree on what
 * a target means. Everything is compiled at parse time; {@link #match} does no parsing and no regex
 * compilation, so matching a whole fleet is cheap. Instances are immutable and thread-safe.
 *
 * <pre>{@code
 * TargetExpression t = TargetExpression.parse("G@os:Debian and web* or L@db1,db2", TargetType.COMPOUND, Map.of());
 * t.match(new MinionFacts("web1", Map.of("os", "Debian"), null));  // MATCH
 * t.match(MinionFacts.idOnly("web1"));                                // UNKNOWN: grains not cached
 * t.match(MinionFacts.idOnly("db2"));                                 // MATCH: the 'or' decides it
 * }</pre>
 *
 * The grammar, the types and the escapes are described in the {@linkplain io.brine.targeting package}.
 */
public sealed interface TargetExpression
        permits AllOf, AnyOf, Not, IdTerm, FactTerm, SubnetTerm, NodegroupRef {

    /**
     * Parses {@code expression} as a target of the given type.
     *
     * @param type Salt's {@code tgt_type} name: glob (also when null), list, pcre, grain, grain_pcre, pillar,
     *     pillar_pcre, ipcidr, nodegroup or compound; case-insensitive
     * @param nodegroups name to compound expression, from the master config; may be null when there are none
     * @throws TargetSyntaxException if the expression is malformed, with the position of the fault
     * @throws IllegalArgumentException if the type is not one of the above
     */
    static TargetExpression parse(String expression, String type, Map<String, String> nodegroups) {
        return parse(expression, TargetType.parse(type), nodegroups);
    }

    /**
     * Parses {@code expression} as a target of the given type.
     *
     * @param nodegroups name to compound expression, from the master config; may be null when there are none
     * @throws TargetSyntaxException if the expression is malformed, with the position of the fault
     */
    static TargetExpression parse(String expression, TargetType type, Map<String, String> nodegroups) {
        return TargetParser.parse(expression, java.util.Objects.requireNonNull(type, "type"), nodegroups);
    }

    /** Matches one minion; UNKNOWN only when missing grains or pillar leave the outcome open. */
    Match match(MinionFacts facts);

    /** Whether some term reads grains (G@, P@, S@), so the caller knows a grains cache miss matters. */
    boolean needsGrains();

    /** Whether some term reads pillar (I@, J@). */
    boolean needsPillar();
}
