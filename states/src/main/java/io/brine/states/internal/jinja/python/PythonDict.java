package io.brine.states.internal.jinja.python;

import com.hubspot.jinjava.el.ext.AstDict;
import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.objects.collections.SizeLimitingPyMap;
import java.util.LinkedHashMap;
import java.util.Map;
import jinjava.de.odysseus.el.tree.Bindings;
import jinjava.de.odysseus.el.tree.impl.ast.AstIdentifier;
import jinjava.de.odysseus.el.tree.impl.ast.AstNode;
import jinjava.de.odysseus.el.tree.impl.ast.AstString;
import jinjava.javax.el.ELContext;

/**
 * A dict literal whose keys are expressions, as in Python: {@code {True: False, False: True}}, {@code {name: 1}}
 * with {@code name} a variable, {@code {path | regex_replace(":lookup$", ""): value}}. Jinjava accepts only
 * strings, names and numbers there and reads a name as its own text. A name that is not defined still stands for
 * itself, so templates written for Jinjava keep working; strings and numbers become string keys as before.
 */
final class PythonDict extends AstDict {
    PythonDict(Map<AstNode, AstNode> dict) {
        super(dict);
    }

    @Override
    public Object eval(Bindings bindings, ELContext context) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Map.Entry<AstNode, AstNode> e : dict.entrySet()) {
            putRaw(out, key(e.getKey(), bindings, context), e.getValue().eval(bindings, context));
        }
        JinjavaInterpreter interpreter = JinjavaInterpreter.getCurrent();
        return interpreter == null ? new SizeLimitingPyMap(out, Integer.MAX_VALUE)
                : new SizeLimitingPyMap(out, interpreter.getConfig().getMaxMapSize());
    }

    private static Object key(AstNode node, Bindings bindings, ELContext context) {
        if (node instanceof AstString) {
            return String.valueOf(node.eval(bindings, context));
        }
        Object key = node.eval(bindings, context);
        if (key == null && node instanceof AstIdentifier id) {
            return id.getName();
        }
        if (key == null) {
            throw new IllegalArgumentException("dict key '" + node + "' is undefined");
        }
        // booleans stay booleans, so that {True: 'on'}.get(flag) finds them; other keys are text, as in YAML data
        return key instanceof Boolean ? key : PythonText.str(key);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void putRaw(Map<String, Object> map, Object key, Object value) {
        ((Map) map).put(key, value);
    }
}
