package io.brine.modules.jobs;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionModule;
import io.brine.functions.Param;
import java.util.List;

/**
 * Jobs on this minion. Example: {@code brine run web1 jobs.running}.
 */
public final class JobsModule implements FunctionModule {
    @Override
    public String name() {
        return "jobs";
    }

    @Override
    public List<ExecutionFunction> execution() {
        return List.of(new Running());
    }

    private static final class Running implements ExecutionFunction {
        @Override
        public String name() {
            return "jobs.running";
        }

        @Override
        public String doc() {
            return "Lists the jobs this minion is running (other than this one): jid, function, caller, start time.";
        }

        @Override
        public List<Param> params() {
            return List.of();
        }

        @Override
        public Object call(FunctionContext context, Arguments args) {
            return context.minion().runningJobs().stream()
                    .filter(j -> !context.jid().equals(j.get("jid")))
                    .toList();
        }
    }

}
