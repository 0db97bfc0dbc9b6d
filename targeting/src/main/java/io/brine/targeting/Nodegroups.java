package io.brine.targeting;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Expands {@code N@name} into the named compound expression from the master config, refusing unknown names,
 * cycles and deep nesting at parse time, so that a bad nodegroup is a usage error, never a silent mismatch.
 * One instance serves one top-level parse; it is not thread-safe.
 */
final class Nodegroups {
    static final int MAX_DEPTH = 10;

    private final Map<String, String> definitions;
    private final List<String> expanding = new ArrayList<>();

    Nodegroups(Map<String, String> definitions) {
        this.definitions = definitions;
    }

    /** Parses the nodegroup {@code name}, referenced at {@code position} of {@code expression}. */
    TargetExpression expand(String name, String expression, int position) {
        if (!definitions.containsKey(name)) {
            throw TargetSyntaxException.at(expression, position, "unknown nodegroup '" + name + "'");
        }
        if (expanding.contains(name)) {
            String chain = String.join(" -> ", expanding.subList(expanding.indexOf(name), expanding.size()));
            throw TargetSyntaxException.at(expression, position, "nodegroup cycle " + chain + " -> " + name);
        }
        if (expanding.size() == MAX_DEPTH) {
            throw TargetSyntaxException.at(expression, position, "nodegroups nested deeper than " + MAX_DEPTH);
        }
        String definition = definitions.get(name);
        expanding.add(name);
        try {
            return new NodegroupRef(name, CompoundParser.parse(definition, this));
        } catch (TargetSyntaxException inner) {
            throw TargetSyntaxException.at(expression, position, "invalid nodegroup '" + name + "'",
                    "in \"" + definition + "\", " + inner.getMessage());
        } finally {
            expanding.remove(expanding.size() - 1);
        }
    }
}
