package io.brine.states.internal.jinja;

import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.lib.tag.Tag;
import com.hubspot.jinjava.tree.TagNode;

/**
 * Salt's {@code {% import_yaml 'nginx/defaults.yaml' as defaults %}}, also {@code import_json} and
 * {@code import_text}. As in Salt, the file is rendered as a template first (a defaults file may use grains), then
 * read as data. The path is an expression from the tree's root: {@code tplroot ~ '/defaults.yaml'}.
 */
final class ImportDataTag implements Tag {
    private static final long serialVersionUID = 1L;
    private final DataFormat format;

    ImportDataTag(DataFormat format) {
        this.format = format;
    }

    @Override
    public String getName() {
        return "import_" + format.tagSuffix();
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
        if (as < 0) {
            throw args.syntax(getName() + " expects: " + getName() + " 'path' as name");
        }
        String name = TagArgs.variable(args, text.substring(as + 2));
        String path = args.resolvePath(interpreter, text.substring(0, as), getName());
        String rendered = TreeTemplates.render(interpreter, tagNode, path, false).orElseThrow().output();
        try {
            interpreter.getContext().put(name, format.parse(rendered));
        } catch (DataFormat.BadData e) {
            throw TreeTemplates.failure(TreeTemplates.in(path, e.line) + e.getMessage(), tagNode, e);
        }
        return "";
    }
}
