package io.brine.states.internal.jinja.python;

import com.hubspot.jinjava.el.ext.NamedParameter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import jinjava.de.odysseus.el.tree.Bindings;
import jinjava.de.odysseus.el.tree.impl.ast.AstNode;
import jinjava.de.odysseus.el.tree.impl.ast.AstParameters;
import jinjava.de.odysseus.el.tree.impl.ast.AstRightValue;
import jinjava.javax.el.ELContext;

/**
 * Python's {@code f(x, **options)}: a mapping spread into keyword arguments, as formulas' map.jinja pass query
 * options to {@code salt[...]} calls. The parser marks {@code **expr} with {@link Spread}; {@link Parameters}
 * turns each entry of the mapping into the keyword argument Jinjava's callables already understand.
 */
final class KeywordSpread {
    private KeywordSpread() {}

    /** {@code **expr} in an argument list. */
    static final class Spread extends AstRightValue {
        private final AstNode mapping;

        Spread(AstNode mapping) {
            this.mapping = mapping;
        }

        @Override
        public Object eval(Bindings bindings, ELContext context) {
            return mapping.eval(bindings, context);
        }

        @Override
        public void appendStructure(StringBuilder builder, Bindings bindings) {
            builder.append("**");
            mapping.appendStructure(builder, bindings);
        }

        @Override
        public String toString() {
            return "**" + mapping;
        }

        @Override
        public int getCardinality() {
            return 1;
        }

        @Override
        public AstNode getChild(int i) {
            return i == 0 ? mapping : null;
        }
    }

    /** A macro called with {@code **mapping}: Jinjava evaluates a macro's arguments one by one, so they are spread here. */
    static final class MacroCall extends com.hubspot.jinjava.el.ext.AstMacroFunction {
        private final Parameters params;

        MacroCall(String name, int index, Parameters params, boolean varargs) {
            super(name, index, params, varargs);
            this.params = params;
        }

        @Override
        protected Object invoke(Bindings bindings, ELContext context, Object base, java.lang.reflect.Method method)
                throws java.lang.reflect.InvocationTargetException, IllegalAccessException {
            if (base instanceof com.hubspot.jinjava.el.ext.AbstractCallableMethod && method.isVarArgs()) {
                return method.invoke(base, (Object) params.eval(bindings, context));
            }
            return super.invoke(bindings, context, base, method);
        }
    }

    /** Arguments in which each {@link Spread} becomes one keyword argument per entry of its mapping. */
    static final class Parameters extends AstParameters {
        private final List<AstNode> nodes;

        Parameters(List<AstNode> nodes) {
            super(nodes);
            this.nodes = nodes;
        }

        @Override
        public Object[] eval(Bindings bindings, ELContext context) {
            List<Object> out = new ArrayList<>();
            for (AstNode node : nodes) {
                Object value = node.eval(bindings, context);
                if (!(node instanceof Spread)) {
                    out.add(value);
                } else if (value instanceof Map<?, ?> map) {
                    map.forEach((k, v) -> out.add(new NamedParameter(String.valueOf(k), v)));
                } else if (value != null && !(value instanceof com.hubspot.jinjava.util.HasObjectTruthValue)) {
                    throw new IllegalArgumentException("argument after ** must be a mapping, not " + PythonText.str(value));
                }
            }
            return out.toArray();
        }
    }
}
