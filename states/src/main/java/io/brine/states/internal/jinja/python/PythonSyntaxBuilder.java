package io.brine.states.internal.jinja.python;

import com.hubspot.jinjava.el.ExtendedSyntaxBuilder;
import jinjava.de.odysseus.el.tree.impl.Parser;

/** Hands Jinjava's expression factory a {@link PythonParser} for every expression. */
final class PythonSyntaxBuilder extends ExtendedSyntaxBuilder {
    private static final long serialVersionUID = 1L;

    PythonSyntaxBuilder(Feature... features) {
        super(features);
    }

    @Override
    protected Parser createParser(String expression) {
        return new PythonParser(this, expression);
    }
}
