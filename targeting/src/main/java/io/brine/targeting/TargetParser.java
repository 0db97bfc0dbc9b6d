package io.brine.targeting;

import java.util.Map;

/** Chooses how to read an expression from its {@code tgt_type}: compound through the grammar, else one term. */
final class TargetParser {
    private TargetParser() {
    }

    static TargetExpression parse(String expression, TargetType type, Map<String, String> nodegroups) {
        TermKind kind = TermKind.forType(type);
        if (expression == null || expression.isBlank()) {
            throw TargetSyntaxException.at(expression, 0, "empty target expression");
        }
        Nodegroups groups = new Nodegroups(nodegroups == null ? Map.of() : nodegroups);
        return kind == null
                ? CompoundParser.parse(expression, groups)
                : new TermParser(expression, groups).term(kind, 0, expression.length());
    }
}
