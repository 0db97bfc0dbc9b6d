package io.brine.states.internal.jinja;

import com.hubspot.jinjava.interpret.Context;
import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.interpret.TemplateSyntaxException;
import com.hubspot.jinjava.tree.TagNode;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * Splits the text of a tag like {@code from tplroot ~ "/map.jinja" import nginx with context} at its keywords.
 * Jinjava's own tags split on spaces and take the first word as the path, so a path that is an expression
 * ({@code tplroot ~ "/map.jinja"}) breaks them; this finds a keyword only as a whole word outside quotes and
 * brackets, leaving the expression whole for Jinjava's expression resolver.
 */
final class TagArgs {
    private final String text;
    private final TagNode node;

    TagArgs(TagNode node) {
        this.node = node;
        this.text = node.getHelpers().strip();
    }

    String text() {
        return text;
    }

    /** Where {@code word} first stands on its own outside quotes and brackets, or -1. */
    int find(String word) {
        return find(text, word);
    }

    static int find(String text, String word) {
        char quote = 0;
        int depth = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                if (c == '\\') {
                    i++; // the escaped character cannot end the string
                } else if (c == quote) {
                    quote = 0;
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
            } else if (c == '(' || c == '[' || c == '{') {
                depth++;
            } else if (c == ')' || c == ']' || c == '}') {
                depth--;
            } else if (depth == 0 && text.startsWith(word, i) && boundary(text, i - 1)
                    && boundary(text, i + word.length())) {
                return i;
            }
        }
        return -1;
    }

    /** The text with a trailing {@code with context} or {@code without context} removed: see {@link TreeTemplates}. */
    static String withoutContextClause(String text) {
        String t = text.strip();
        for (String clause : new String[] {"without context", "with context"}) {
            if (t.endsWith(clause) && boundary(t, t.length() - clause.length() - 1)) {
                return t.substring(0, t.length() - clause.length()).strip();
            }
        }
        return t;
    }

    /** The value of the expression, e.g. a template path, which must not be empty. */
    String resolvePath(JinjavaInterpreter interpreter, String expression, String tag) {
        if (expression.isBlank()) {
            throw syntax(tag + " needs a path");
        }
        Object value = interpreter.resolveELExpression(expression.strip(), node.getLineNumber());
        String path = value == null ? "" : String.valueOf(value);
        if (path.isBlank()) {
            throw syntax(tag + " path '" + expression.strip() + "' is empty or undefined");
        }
        return path.startsWith("./") || path.startsWith("../") ? relative(interpreter, path, tag) : path;
    }

    /**
     * Salt reads {@code ./map.jinja} and {@code ../map.jinja} relative to the importing file, other paths from the
     * tree's root. The importing file is the one a tag of ours is rendering, else the sls itself ({@code tplfile}).
     */
    private String relative(JinjavaInterpreter interpreter, String path, String tag) {
        Object importing = interpreter.getContext().get(Context.IMPORT_RESOURCE_PATH_KEY);
        Object from = importing != null ? importing : interpreter.getContext().get("tplfile");
        if (!(from instanceof String file)) {
            throw syntax(tag + " path '" + path + "' is relative, but this template has no file to be relative to");
        }
        Deque<String> parts = new ArrayDeque<>(List.of(file.split("/")));
        parts.pollLast();
        for (String part : path.split("/")) {
            if (part.equals("..") && parts.pollLast() == null) {
                throw syntax(tag + " path '" + path + "' leaves the state tree from " + file);
            } else if (!part.equals("..") && !part.equals(".") && !part.isEmpty()) {
                parts.addLast(part);
            }
        }
        return String.join("/", parts);
    }

    /** The name a tag binds, e.g. {@code defaults} in {@code import_yaml '...' as defaults}. */
    static String variable(TagArgs args, String text) {
        String name = text.strip();
        if (!name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            throw args.syntax("'" + name + "' is not a variable name");
        }
        return name;
    }

    TemplateSyntaxException syntax(String message) {
        return new TemplateSyntaxException(node.getMaster().getImage(), message, node.getLineNumber(),
                node.getStartPosition());
    }

    private static boolean boundary(String text, int i) {
        return i < 0 || i >= text.length() || Character.isWhitespace(text.charAt(i));
    }
}
