package io.brine.states.internal.jinja;

import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.lib.tag.Tag;
import com.hubspot.jinjava.tree.Node;
import com.hubspot.jinjava.tree.TagNode;
import io.brine.states.internal.jinja.python.PythonText;

/**
 * Jinja's {@code {% filter indent(4) %}...{% endfilter %}}: the block is rendered, then passed through the filters
 * named in the tag (one, or a chain such as {@code upper | trim}), exactly as {@code {{ body | indent(4) }}} would.
 * Formulas' macros use it to indent generated YAML under a key.
 */
final class FilterBlockTag implements Tag {
    private static final long serialVersionUID = 1L;
    /** The rendered block, seen by the filter expression only, in a scope of its own. */
    private static final String BODY = "__filter_block_body__";

    @Override
    public String getName() {
        return "filter";
    }

    @Override
    public String getEndTagName() {
        return "endfilter";
    }

    @Override
    public String interpret(TagNode tagNode, JinjavaInterpreter interpreter) {
        TagArgs args = new TagArgs(tagNode);
        if (args.text().isEmpty()) {
            throw args.syntax("filter expects the filter to apply: filter name(arguments)");
        }
        StringBuilder body = new StringBuilder();
        for (Node child : tagNode.getChildren()) {
            body.append(child.render(interpreter).getValue());
        }
        try (var scope = interpreter.enterScope()) {
            interpreter.getContext().put(BODY, body.toString());
            Object filtered = interpreter.resolveELExpression(BODY + " | " + args.text(), tagNode.getLineNumber());
            return PythonText.str(filtered);
        }
    }
}
