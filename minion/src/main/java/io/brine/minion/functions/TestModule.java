package io.brine.minion.functions;

import io.brine.minion.function.Function;
import io.brine.minion.function.FunctionModule;
import java.util.List;

/**
 * Salt's {@code test} module: functions that check a minion answers, without touching the machine.
 *
 * <p>Example: {@code brine '*' test.ping}.
 */
public final class TestModule implements FunctionModule {
    @Override
    public List<Function> functions() {
        return List.of(new TestPing(), new TestEcho(), new TestSleep(), new TestVersion());
    }
}
