package io.brine.states;

import io.brine.functions.TemplateException;
import io.brine.functions.Templates;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A job's template engine, made when the job first renders a template: Jinjava and its libraries are a thousand
 * classes and several MiB that an agent running {@code state.single}, or no state at all, never needs. One per
 * job; safe to share between the threads of that job.
 */
final class TemplatesOnFirstRender implements Templates {
    private final Supplier<Templates> make;
    private volatile Templates made;

    TemplatesOnFirstRender(Supplier<Templates> make) {
        this.make = make;
    }

    @Override
    public String render(String source, String name, Map<String, Object> extra) throws TemplateException {
        return engine().render(source, name, extra);
    }

    /** Asked by {@code file.managed} just before it renders the file: the engine is made here already. */
    @Override
    public Map<String, Object> treeFileVariables(String treePath) {
        return engine().treeFileVariables(treePath);
    }

    private Templates engine() {
        Templates t = made;
        if (t == null) {
            synchronized (this) {
                t = made;
                if (t == null) {
                    t = make.get();
                    made = t;
                }
            }
        }
        return t;
    }
}
