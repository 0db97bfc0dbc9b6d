package io.brine.states.internal.jinja.python;

import com.hubspot.jinjava.el.ext.AbstractCallableMethod;
import com.hubspot.jinjava.el.ext.NamedParameter;
import com.hubspot.jinjava.util.HasObjectTruthValue;
import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import jinjava.de.odysseus.el.tree.Bindings;
import jinjava.de.odysseus.el.tree.impl.ast.AstNode;
import jinjava.de.odysseus.el.tree.impl.ast.AstParameters;
import jinjava.de.odysseus.el.tree.impl.ast.AstRightValue;
import jinjava.javax.el.ELContext;
import jinjava.javax.el.ELException;

/**
 * Python's {@code f(*items)} and {@code f(**mapping)} at a call: an iterable spread into positional arguments
 * ({@code '{0:<7} {1}'.format(*acl)}, as postgres-formula's pg_hba.conf writes) and a mapping into keyword arguments
 * (map.jinja passing query options to {@code salt[...]}). The parser marks each with {@link Spread}; {@link Parameters}
 * evaluates them into the plain and keyword arguments Jinjava's callables already understand, for method calls,
 * {@code salt[...]} calls, filters and tests; {@link FunctionCall} does the same for macros and global functions.
 */
final class ArgumentSpread {
    private ArgumentSpread() {}

    /** {@code *expr} (items) or {@code **expr} (keywords) in an argument list. */
    static final class Spread extends AstRightValue {
        private final AstNode value;
        private final boolean keywords;

        Spread(AstNode value, boolean keywords) {
            this.value = value;
            this.keywords = keywords;
        }

        boolean keywords() {
            return keywords;
        }

        @Override
        public Object eval(Bindings bindings, ELContext context) {
            return value.eval(bindings, context);
        }

        @Override
        public void appendStructure(StringBuilder builder, Bindings bindings) {
            builder.append(keywords ? "**" : "*");
            value.appendStructure(builder, bindings);
        }

        @Override
        public String toString() {
            return (keywords ? "**" : "*") + value;
        }

        @Override
        public int getCardinality() {
            return 1;
        }

        @Override
        public AstNode getChild(int i) {
            return i == 0 ? value : null;
        }
    }

    /**
     * A macro or global function called with spread arguments: Jinjava evaluates a function's arguments one by one,
     * so here they are evaluated together, spread, then fitted to the Java method's parameters.
     */
    static final class FunctionCall extends com.hubspot.jinjava.el.ext.AstMacroFunction {
        private final Parameters params;

        FunctionCall(String name, int index, Parameters params, boolean varargs) {
            super(name, index, params, varargs);
            this.params = params;
        }

        @Override
        protected Object invoke(Bindings bindings, ELContext context, Object base, Method method)
                throws InvocationTargetException, IllegalAccessException {
            Object[] args = params.eval(bindings, context);
            if (base instanceof AbstractCallableMethod && method.isVarArgs()) {
                return method.invoke(base, (Object) args); // a macro: it sorts out names and defaults itself
            }
            return method.invoke(base, fitted(bindings, method, args));
        }

        /** The arguments as the method takes them: each converted to its parameter's type, the rest as varargs. */
        private Object[] fitted(Bindings bindings, Method method, Object[] args) {
            Class<?>[] types = method.getParameterTypes();
            int fixed = method.isVarArgs() ? types.length - 1 : types.length;
            if (args.length < fixed || !method.isVarArgs() && args.length > fixed) {
                throw new ELException(getName() + "() takes " + fixed + " arguments, not " + args.length);
            }
            Object[] out = new Object[types.length];
            for (int i = 0; i < fixed; i++) {
                out[i] = convert(bindings, args[i], types[i]);
            }
            if (method.isVarArgs()) {
                Class<?> type = types[fixed].getComponentType();
                Object rest = Array.newInstance(type, args.length - fixed);
                for (int i = fixed; i < args.length; i++) {
                    Array.set(rest, i - fixed, convert(bindings, args[i], type));
                }
                out[fixed] = rest;
            }
            return out;
        }

        private static Object convert(Bindings bindings, Object value, Class<?> type) {
            return value == null && !type.isPrimitive() ? null : bindings.convert(value, type);
        }
    }

    /** Arguments in which each {@link Spread} becomes the arguments it stands for, in order. */
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
                if (!(node instanceof Spread spread)) {
                    out.add(value);
                } else if (spread.keywords()) {
                    keywords(value, out);
                } else {
                    items(value, out);
                }
            }
            return out.toArray();
        }

        private static void keywords(Object value, List<Object> out) {
            if (value instanceof Map<?, ?> map) {
                map.forEach((k, v) -> out.add(new NamedParameter(String.valueOf(k), v)));
            } else if (value != null && !(value instanceof HasObjectTruthValue)) {
                throw new ELException("argument after ** must be a mapping, not "
                        + Undefined.pythonType(value));
            }
        }

        private static void items(Object value, List<Object> out) {
            if (value == null) {
                return; // an undefined value where undefined is allowed: Jinja's Undefined iterates as empty
            }
            if (value instanceof HasObjectTruthValue) {
                throw new ELException("Value after * must be an iterable, not "
                        + Undefined.pythonType(value));
            }
            try {
                out.addAll(ListMethods.items(value));
            } catch (ELException e) {
                throw new ELException("Value after * must be an iterable, not "
                        + Undefined.pythonType(value), e);
            }
        }
    }
}
