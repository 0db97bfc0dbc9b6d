package io.brine.states.internal.jinja;

import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.lib.exptest.ExpTest;

/** Jinja's {@code x is none}, for Java's null and for {@link PyNone}. */
final class NoneTest implements ExpTest {
    @Override
    public String getName() {
        return "none";
    }

    @Override
    public boolean evaluate(Object var, JinjavaInterpreter interpreter, Object... args) {
        return var == null || var == PyNone.NONE;
    }
}
