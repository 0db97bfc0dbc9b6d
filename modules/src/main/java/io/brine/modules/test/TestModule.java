package io.brine.modules.test;

import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionModule;
import java.util.List;

/**
 * Salt's {@code test} module: functions that check a minion answers, without touching the machine.
 *
 * <p>Example: {@code brine '*' test.ping}.
 */
public final class TestModule implements FunctionModule {
    @Override
    public String name() {
        return "test";
    }

    @Override
    public List<ExecutionFunction> execution() {
        return List.of(new TestPing(), new TestEcho(), new TestSleep(), new TestVersion());
    }
}
