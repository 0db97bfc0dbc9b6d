package io.brine.states.internal.jinja.python;

import com.hubspot.jinjava.Jinjava;
import com.hubspot.jinjava.JinjavaConfig;
import com.hubspot.jinjava.interpret.Context;
import com.hubspot.jinjava.interpret.InterpreterFactory;
import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.interpret.UnknownTokenException;
import com.hubspot.jinjava.tree.Node;

/**
 * Jinjava's interpreter, printing values as Python does ({@link PythonText}). Jinjava asks its interpreter how to
 * turn an expression's value into output, and lets the config choose the interpreter, so this is the one place
 * where {@code {{ true }}} becomes {@code True} without touching Jinjava's parser.
 */
public final class PythonInterpreter extends JinjavaInterpreter {
    /** For {@code JinjavaConfig.newBuilder().withInterperterFactory(...)}. */
    public static final InterpreterFactory FACTORY = new InterpreterFactory() {
        @Override
        public JinjavaInterpreter newInstance(JinjavaInterpreter orig) {
            return new PythonInterpreter(orig);
        }

        @Override
        public JinjavaInterpreter newInstance(Jinjava application, Context context, JinjavaConfig config) {
            return new PythonInterpreter(application, context, config);
        }
    };

    private PythonInterpreter(JinjavaInterpreter orig) {
        super(orig);
    }

    private PythonInterpreter(Jinjava application, Context context, JinjavaConfig config) {
        super(application, context, config);
    }

    /** Every template, included and imported ones too, is parsed here; see {@link ExpressionBraces}. */
    @Override
    public Node parse(String template) {
        return super.parse(ExpressionBraces.spaced(template));
    }

    /** Why the last lookup of this expression gave nothing; see {@link Undefined}. */
    private String undefinedNote;

    void noteUndefined(String why) {
        undefinedNote = why;
    }

    /** Why each variable a {@code set} gave an undefined value is undefined ({@link NotingSetTag}). */
    private final java.util.Map<String, String> undefinedVariables = new java.util.HashMap<>();

    /** Notes why {@code name} was set undefined; null forgets it (the variable has a value now). */
    void noteVariable(String name, String why) {
        if (why == null) {
            undefinedVariables.remove(name);
        } else if (undefinedVariables.size() < 1000 || undefinedVariables.containsKey(name)) {
            undefinedVariables.put(name, why);
        }
    }

    /** Why the variable {@code name} is undefined, if a {@code set} left it so; else null. */
    static String whyUndefined(String name) {
        return JinjavaInterpreter.getCurrent() instanceof PythonInterpreter python
                ? python.undefinedVariables.get(name) : null;
    }

    /** The current render's note, or null. */
    static String lastUndefined() {
        return JinjavaInterpreter.getCurrent() instanceof PythonInterpreter python ? python.undefinedNote : null;
    }

    /**
     * Jinjava's check that an expression (in {@code {{ }}}, {@code if}, {@code for}) has a value, worded as Jinja's
     * StrictUndefined words it.
     */
    @Override
    public Object resolveELExpression(String expression, int lineNumber) {
        JinjavaInterpreter current = JinjavaInterpreter.getCurrent();
        if (current instanceof PythonInterpreter python) {
            python.undefinedNote = null;
        }
        try {
            return super.resolveELExpression(expression, lineNumber);
        } catch (Undefined.Error e) {
            throw e;
        } catch (UnknownTokenException e) {
            String why = lastUndefined();
            if (why == null) {
                why = whyUndefined(expression.strip());
            }
            throw new Undefined.Error(why != null ? why : "'" + Undefined.cut(expression) + "' is undefined");
        }
    }

    @Override
    public String getAsString(Object object) {
        return PythonText.str(object);
    }
}
