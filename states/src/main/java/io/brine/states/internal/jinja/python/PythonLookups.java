package io.brine.states.internal.jinja.python;

import jinjava.de.odysseus.el.tree.Bindings;
import jinjava.de.odysseus.el.tree.impl.ast.AstBracket;
import jinjava.de.odysseus.el.tree.impl.ast.AstDot;
import jinjava.de.odysseus.el.tree.impl.ast.AstNode;
import jinjava.javax.el.ELContext;

/**
 * {@code x.y} and {@code x[y]} as Jinja reads them: a name the value lacks gives an undefined value (null), never
 * Jinjava's property error, and leaves a note saying what lacked what, for the message if the value is then used.
 * The base itself arrives wrapped in {@link DefinedValue}, so a missing base is an error in strict rendering.
 */
final class PythonLookups {
    private PythonLookups() {}

    private static Object lookup(Object base, Object property, boolean skipNull, ELContext context) {
        if (base == null || property == null && skipNull) {
            return null;
        }
        context.setPropertyResolved(false);
        Object result = context.getELResolver().getValue(context, base, property);
        if (!context.isPropertyResolved() || result == null) {
            Undefined.note(base, property);
            return null;
        }
        return result;
    }

    static final class Dot extends AstDot {
        Dot(AstNode base, String property, boolean lvalue) {
            super(new DefinedValue(base), property, lvalue);
        }

        @Override
        public Object eval(Bindings bindings, ELContext context) {
            Object base = prefix.eval(bindings, context);
            return lookup(base, getProperty(bindings, context), strict, context);
        }
    }

    static final class Bracket extends AstBracket {
        Bracket(AstNode base, AstNode property, boolean lvalue, boolean strict) {
            super(new DefinedValue(base), property, lvalue, strict);
        }

        @Override
        public Object eval(Bindings bindings, ELContext context) {
            Object base = prefix.eval(bindings, context); // the base first, as Python evaluates it
            return lookup(base, base == null ? null : getProperty(bindings, context), strict, context);
        }
    }
}
