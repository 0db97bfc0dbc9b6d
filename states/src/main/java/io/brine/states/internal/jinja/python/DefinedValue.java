package io.brine.states.internal.jinja.python;

import com.hubspot.jinjava.el.ext.ExtendedParser;
import jinjava.de.odysseus.el.tree.Bindings;
import jinjava.de.odysseus.el.tree.impl.ast.AstIdentifier;
import jinjava.de.odysseus.el.tree.impl.ast.AstNode;
import jinjava.de.odysseus.el.tree.impl.ast.AstProperty;
import jinjava.de.odysseus.el.tree.impl.ast.AstRightValue;
import jinjava.javax.el.ELContext;

/**
 * An operand that must be defined when Salt's strict rendering is on: the base of {@code x.y}, {@code x[y]} and
 * {@code x.f()}, and either side of an operator, as Jinja's StrictUndefined fails on each of these uses. Where
 * Jinja accepts an undefined value (a filter's input, a test's subject, a value assigned) the parser does not wrap.
 */
final class DefinedValue extends AstRightValue {
    private final AstNode value;

    DefinedValue(AstNode value) {
        this.value = value;
    }

    @Override
    public Object eval(Bindings bindings, ELContext context) {
        Object result = value.eval(bindings, context);
        if (result == null && Undefined.strict()) {
            throw new Undefined.Error(why(bindings));
        }
        return result;
    }

    private String why(Bindings bindings) {
        if (value instanceof AstIdentifier id) {
            String name = id.getName();
            if (name.startsWith(ExtendedParser.FILTER_PREFIX)) {
                return "No filter named '" + name.substring(ExtendedParser.FILTER_PREFIX.length()) + "'.";
            }
            if (name.startsWith(ExtendedParser.EXPTEST_PREFIX)) {
                return "No test named '" + name.substring(ExtendedParser.EXPTEST_PREFIX.length()) + "'.";
            }
            // a variable set from a failed lookup ({% set v = grains['x'] %}) is undefined for the lookup's reason
            String why = PythonInterpreter.whyUndefined(name);
            return why != null ? why : "'" + name + "' is undefined";
        }
        if (value instanceof AstProperty && PythonInterpreter.lastUndefined() != null) {
            return PythonInterpreter.lastUndefined();
        }
        StringBuilder text = new StringBuilder();
        value.appendStructure(text, bindings);
        return "'" + Undefined.cut(text.toString()) + "' is undefined";
    }

    @Override
    public void appendStructure(StringBuilder builder, Bindings bindings) {
        value.appendStructure(builder, bindings);
    }

    @Override
    public String toString() {
        return value.toString();
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
