package io.brine.states.internal.jinja;

import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.lib.tag.Tag;
import com.hubspot.jinjava.tree.Node;
import com.hubspot.jinjava.tree.TagNode;

/**
 * Salt's {@code {% load_yaml as x %}...{% endload %}}, also {@code load_json} and {@code load_text}: the block is
 * rendered in place, then read as data into {@code x}. All three close with {@code endload}, as in Salt.
 */
final class LoadDataTag implements Tag {
    private static final long serialVersionUID = 1L;
    private final DataFormat format;

    LoadDataTag(DataFormat format) {
        this.format = format;
    }

    @Override
    public String getName() {
        return "load_" + format.tagSuffix();
    }

    @Override
    public String getEndTagName() {
        return "endload";
    }

    @Override
    public String interpret(TagNode tagNode, JinjavaInterpreter interpreter) {
        TagArgs args = new TagArgs(tagNode);
        if (TagArgs.find(args.text(), "as") != 0) {
            throw args.syntax(getName() + " expects: " + getName() + " as name");
        }
        String name = TagArgs.variable(args, args.text().substring(2));
        StringBuilder body = new StringBuilder();
        for (Node child : tagNode.getChildren()) {
            body.append(child.render(interpreter).getValue());
        }
        try {
            interpreter.getContext().put(name, format.parse(body.toString()));
        } catch (DataFormat.BadData e) {
            String where = e.line > 0 ? " (line " + e.line + " of the block)" : "";
            throw TreeTemplates.failure(getName() + " block" + where + ": " + e.getMessage(), tagNode, e);
        }
        return "";
    }
}
