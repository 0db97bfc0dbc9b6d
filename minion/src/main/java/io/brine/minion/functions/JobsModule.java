package io.brine.minion.functions;

import io.brine.minion.function.Arguments;
import io.brine.minion.function.Function;
import io.brine.minion.function.FunctionContext;
import io.brine.minion.function.FunctionModule;
import io.brine.minion.function.Param;
import java.util.List;

/**
 * Jobs on this minion. Example: {@code brine run web1 jobs.running}.
 */
public final class JobsModule implements FunctionModule {
    @Override
    public List<Function> functions() {
        return List.of(new Running());
    }

    private static final class Running implements Function {
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
