package io.brine.states.internal.jinja.filters;

import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.lib.filter.AdvancedFilter;
import com.hubspot.jinjava.lib.filter.RejectFilter;
import com.hubspot.jinjava.lib.filter.SelectFilter;
import com.hubspot.jinjava.util.ForLoop;
import com.hubspot.jinjava.util.ObjectIterator;
import com.hubspot.jinjava.util.ObjectTruthValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Jinja's {@code select} and {@code reject}, which without a test keep (or drop) the truthy items:
 * {@code ["a", "", none] | select | join("/")} is {@code "a"}. Jinjava insists on a test name; with one, its own
 * filter runs unchanged.
 */
final class TruthSelect implements AdvancedFilter {
    private final AdvancedFilter withTest;
    private final boolean keepTruthy;

    private TruthSelect(AdvancedFilter withTest, boolean keepTruthy) {
        this.withTest = withTest;
        this.keepTruthy = keepTruthy;
    }

    static List<AdvancedFilter> all() {
        return List.of(new TruthSelect(new SelectFilter(), true), new TruthSelect(new RejectFilter(), false));
    }

    @Override
    public String getName() {
        return withTest.getName();
    }

    @Override
    public Object filter(Object var, JinjavaInterpreter interpreter, Object[] args, Map<String, Object> kwargs) {
        if (args != null && args.length > 0) {
            return withTest.filter(var, interpreter, args, kwargs);
        }
        List<Object> kept = new ArrayList<>();
        ForLoop loop = ObjectIterator.getLoop(var);
        while (loop.hasNext()) {
            Object item = loop.next();
            if (ObjectTruthValue.evaluate(item) == keepTruthy) {
                kept.add(item);
            }
        }
        return kept;
    }
}
