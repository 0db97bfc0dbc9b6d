package io.brine.states.internal.jinja;

import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.lib.tag.ForTag;
import com.hubspot.jinjava.tree.TagNode;
import com.hubspot.jinjava.tree.parse.TagToken;
import com.hubspot.jinjava.util.ForLoop;
import com.hubspot.jinjava.util.ObjectIterator;
import com.hubspot.jinjava.util.ObjectTruthValue;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.commons.lang3.tuple.Pair;

/**
 * Jinja's {@code for} where Jinjava's differs from it: a mapping yields its keys ({@code {% for name in
 * pillar.users %}}), not its values; and the loop filter, {@code {% for user in users if user.active %}}, leaves out
 * the items the condition rejects before the loop starts, so {@code loop.index}, {@code loop.length} and
 * {@code loop.last} count only the items kept. As in Jinja, an {@code if} at the top level of a {@code for} always
 * starts the filter (a conditional expression as the iterable needs parentheses).
 */
final class FilteredForTag extends ForTag {
    @Override
    public String interpretUnchecked(TagNode tagNode, JinjavaInterpreter interpreter) {
        Pair<List<String>, String> varsAndExpression = getLoopVarsAndExpression((TagToken) tagNode.getMaster());
        List<String> vars = varsAndExpression.getLeft();
        String expression = varsAndExpression.getRight();
        int at = TagArgs.find(expression, "if");
        String iterable = at < 0 ? expression : expression.substring(0, at).strip();
        Object collection = interpreter.resolveELExpression(iterable, tagNode.getLineNumber());
        if (collection instanceof Map<?, ?> map) {
            collection = new ArrayList<>(map.keySet());
        }
        if (at >= 0) {
            collection = filtered(collection, vars, expression.substring(at + 2).strip(), tagNode, interpreter);
        }
        return renderForCollection(tagNode, interpreter, vars, collection);
    }

    private static List<Object> filtered(Object collection, List<String> vars, String condition, TagNode tagNode,
                                                                              JinjavaInterpreter interpreter) {
        List<Object> kept = new ArrayList<>();
        ForLoop items = ObjectIterator.getLoop(collection);
        try (JinjavaInterpreter.InterpreterScopeClosable scope = interpreter.enterScope()) {
            while (items.hasNext()) {
                Object item = items.next();
                bind(vars, interpreter.wrap(item), interpreter);
                if (ObjectTruthValue.evaluate(interpreter.resolveELExpression(condition, tagNode.getLineNumber()))) {
                    kept.add(item);
                }
            }
        }
        return kept;
    }

    /** The loop variables for one item, unpacked as the loop itself will unpack it. */
    private static void bind(List<String> vars, Object item, JinjavaInterpreter interpreter) {
        if (vars.size() == 1) {
            interpreter.getContext().put(vars.get(0), item);
            return;
        }
        List<?> parts = item instanceof Map.Entry<?, ?> e ? Arrays.asList(e.getKey(), e.getValue())
                : item instanceof List<?> l ? l : List.of();
        for (int i = 0; i < vars.size(); i++) {
            interpreter.getContext().put(vars.get(i), i < parts.size() ? parts.get(i) : null);
        }
    }
}
