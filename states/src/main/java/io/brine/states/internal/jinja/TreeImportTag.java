package io.brine.states.internal.jinja;

import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.lib.tag.ImportTag;
import com.hubspot.jinjava.lib.tag.Tag;
import com.hubspot.jinjava.tree.TagNode;

/**
 * {@code {% import tplroot ~ '/macros.jinja' as m %}}: Jinjava's import with the path as an expression and an
 * optional {@code with context} (Brine's imports always see the caller's variables, see {@link TreeTemplates}).
 * Binding the names is left to Jinjava's own import, so macros behave as with its tag.
 */
final class TreeImportTag implements Tag {
    private static final long serialVersionUID = 1L;

    @Override
    public String getName() {
        return "import";
    }

    @Override
    public String getEndTagName() {
        return null;
    }

    @Override
    public String interpret(TagNode tagNode, JinjavaInterpreter interpreter) {
        TagArgs args = new TagArgs(tagNode);
        String text = TagArgs.withoutContextClause(args.text());
        int as = TagArgs.find(text, "as");
        String namespace = as < 0 ? "" : TagArgs.variable(args, text.substring(as + 2));
        String path = args.resolvePath(interpreter, as < 0 ? text : text.substring(0, as), "import");
        JinjavaInterpreter child = TreeTemplates.render(interpreter, tagNode, path, false).orElseThrow().child();
        ImportTag.integrateChild(namespace, child.getContext().getSessionBindings(), child, interpreter);
        return "";
    }
}
