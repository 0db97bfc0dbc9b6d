package io.brine.modules.test;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import java.util.List;
import java.util.concurrent.TimeUnit;

final class TestSleep implements ExecutionFunction {
    @Override
    public String name() {
        return "test.sleep";
    }

    @Override
    public String doc() {
        return "Sleeps for length seconds, then returns true. Useful to try job timeouts.";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.required("length", Param.Type.NUMBER, "seconds to sleep, fractions allowed").atLeast(0));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws FunctionException {
        double seconds = args.number("length"); // declared: at least 0 (and a number, not NaN)
        try {
            TimeUnit.NANOSECONDS.sleep((long) (seconds * 1e9));
        } catch (InterruptedException e) {
            // Keep the flag so the job runner still sees why we stopped.
            Thread.currentThread().interrupt();
            throw new FunctionException("test.sleep: interrupted before " + seconds + " s had passed");
        }
        return true;
    }
}
