package io.brine.states.internal.jinja.python;

import com.hubspot.jinjava.Jinjava;
import com.hubspot.jinjava.JinjavaConfig;
import com.hubspot.jinjava.el.TruthyTypeConverter;
import java.util.Properties;
import jinjava.de.odysseus.el.ExpressionFactoryImpl;
import jinjava.de.odysseus.el.tree.TreeBuilder;
import jinjava.de.odysseus.el.tree.impl.Builder.Feature;
import jinjava.javax.el.ExpressionFactory;

/**
 * Jinjava whose expressions are parsed by {@link PythonParser}. Jinjava's interpreter asks the application for its
 * expression factory each time it resolves an expression, so answering with one built on our parser is the whole
 * change; the factory is otherwise configured as Jinjava configures its own (same type converter, same features).
 * Jinjava's eager execution mode, which we do not use, keeps Jinjava's parser.
 */
public final class PythonJinjava extends Jinjava {
    private final ExpressionFactory expressions = new PythonExpressionFactory();

    public PythonJinjava(JinjavaConfig config) {
        super(config);
    }

    @Override
    public ExpressionFactory getExpressionFactory() {
        return expressions;
    }

    private static final class PythonExpressionFactory extends ExpressionFactoryImpl {
        PythonExpressionFactory() {
            super(new Properties(), new TruthyTypeConverter());
        }

        // Instead of naming the builder class in the properties, which the factory would load by reflection.
        @Override
        protected TreeBuilder createTreeBuilder(Properties properties, Feature... features) {
            return new PythonSyntaxBuilder(features);
        }
    }
}
