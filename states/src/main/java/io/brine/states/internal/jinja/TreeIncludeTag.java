package io.brine.states.internal.jinja;

import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.lib.tag.Tag;
import com.hubspot.jinjava.tree.TagNode;

/**
 * {@code {% include tplroot ~ '/extra.sls' ignore missing %}}: Jinja's include with the path as an expression and
 * Jinja's {@code ignore missing}, which Jinjava's own tag lacks. What the included file sets stays its own, as in
 * Jinja.
 */
final class TreeIncludeTag implements Tag {
    private static final long serialVersionUID = 1L;
    private static final String IGNORE_MISSING = "ignore missing";

    @Override
    public String getName() {
        return "include";
    }

    @Override
    public String getEndTagName() {
        return null;
    }

    @Override
    public String interpret(TagNode tagNode, JinjavaInterpreter interpreter) {
        TagArgs args = new TagArgs(tagNode);
        String text = TagArgs.withoutContextClause(args.text());
        int ignore = TagArgs.find(text, "ignore");
        boolean ignoreMissing = ignore >= 0;
        if (ignoreMissing && !text.substring(ignore).equals(IGNORE_MISSING)) {
            throw args.syntax("include expects: include 'path' [ignore missing] [with context]");
        }
        String path = args.resolvePath(interpreter, ignoreMissing ? text.substring(0, ignore) : text, "include");
        return TreeTemplates.render(interpreter, tagNode, path, ignoreMissing)
                .map(TreeTemplates.Rendered::output)
                .orElse("");
    }
}
