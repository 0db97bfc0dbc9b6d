package io.brine.states.internal.jinja;

import com.hubspot.jinjava.interpret.Context;
import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.lib.tag.FromTag;
import com.hubspot.jinjava.lib.tag.Tag;
import com.hubspot.jinjava.tree.TagNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code {% from tplroot ~ "/map.jinja" import nginx with context %}}, the first line of most Salt formulas:
 * Jinjava's from with the path as an expression. A name the file does not define is an error, as in Jinja
 * ({@code cannot import name}), rather than an undefined variable found later.
 */
final class TreeFromTag implements Tag {
    private static final long serialVersionUID = 1L;

    @Override
    public String getName() {
        return "from";
    }

    @Override
    public String getEndTagName() {
        return null;
    }

    @Override
    public String interpret(TagNode tagNode, JinjavaInterpreter interpreter) {
        TagArgs args = new TagArgs(tagNode);
        String text = TagArgs.withoutContextClause(args.text());
        int at = TagArgs.find(text, "import");
        String names = at < 0 ? "" : text.substring(at + "import".length()).strip();
        if (names.isEmpty()) {
            throw args.syntax("from expects: from 'path' import name[, name as alias]");
        }
        String path = args.resolvePath(interpreter, text.substring(0, at), "from");
        // Jinjava's import map reads "path import a as b, c" split into words; the path itself is not used.
        List<String> words = new ArrayList<>(List.of(path, "import"));
        words.addAll(List.of(names.split("[\\s,]+")));
        Map<String, String> imports = FromTag.getImportMap(words);
        JinjavaInterpreter child = TreeTemplates.render(interpreter, tagNode, path, false).orElseThrow().child();
        Context defined = child.getContext();
        for (String name : imports.keySet()) {
            if (defined.getGlobalMacro(name) == null && !defined.getSessionBindings().containsKey(name)) {
                throw TreeTemplates.failure("cannot import '" + name + "': " + path + " does not define it", tagNode, null);
            }
        }
        FromTag.integrateChild(imports, child, interpreter);
        return "";
    }
}
