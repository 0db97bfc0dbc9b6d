package io.brine.states.internal.jinja.filters;

import com.hubspot.jinjava.el.ext.AbstractCallableMethod;
import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.lib.exptest.ExpTest;
import io.brine.states.internal.jinja.python.PythonText;
import java.util.List;
import java.util.Map;
import java.util.function.BiPredicate;

/**
 * Jinja's tests that Jinjava lacks or reads differently and Salt formulas use: {@code is callable}, {@code is list},
 * {@code is match}, {@code is number}.
 */
final class SaltTests {
    private SaltTests() {}

    static List<ExpTest> all() {
        return List.of(
                test("callable", (v, args) -> v instanceof AbstractCallableMethod),
                test("list", (v, args) -> v instanceof List<?>),
                // Python's bool is an int, so Jinja's number test holds for True and False too
                test("number", (v, args) -> v instanceof Number || v instanceof Boolean),
                test("match", (v, args) -> args.length > 0
                        && RegexFilters.compiled(new Args("match", args, Map.of())).matcher(PythonText.str(v)).lookingAt()));
    }

    private static ExpTest test(String name, BiPredicate<Object, Object[]> check) {
        return new ExpTest() {
            @Override
            public String getName() {
                return name;
            }

            @Override
            public boolean evaluate(Object var, JinjavaInterpreter interpreter, Object... args) {
                return check.test(var, args);
            }
        };
    }
}
