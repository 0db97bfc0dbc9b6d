package io.brine.master.targeting;

import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** Chooses how to read an expression from its {@code tgt_type}: compound through the grammar, else one term. */
final class TargetParser {
    private TargetParser() {
    }

    static TargetExpression parse(String expression, String type, Map<String, String> nodegroups) {
        String name = type == null ? "glob" : type.toLowerCase(Locale.ROOT);
        TermKind kind = TermKind.forType(name);
        if (kind == null && !name.equals("compound")) {
            // A wrong type is a caller's mistake (a flag or an API field), not a fault inside the expression.
            throw new IllegalArgumentException("unknown target type '" + type + "'; use " + typeNames());
        }
        if (expression == null || expression.isBlank()) {
            throw TargetSyntaxException.at(expression, 0, "empty target expression");
        }
        Nodegroups groups = new Nodegroups(nodegroups == null ? Map.of() : nodegroups);
        return kind == null
                ? CompoundParser.parse(expression, groups)
                : new TermParser(expression, groups).term(kind, 0, expression.length());
    }

    private static String typeNames() {
        return Arrays.stream(TermKind.values()).map(k -> k.typeName).collect(Collectors.joining(", "))
                + " or compound";
    }
}
