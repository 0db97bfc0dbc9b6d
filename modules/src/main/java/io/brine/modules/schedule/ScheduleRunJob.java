package io.brine.modules.schedule;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.ScheduleControl;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code schedule.run_job NAME [force=True]}: runs a scheduled job now, whatever its times say, as its own job
 * (caller {@code schedule:NAME}); a disabled one only with {@code force}, and never beyond its {@code maxrunning}.
 * Returns Salt's {@code Scheduling Job NAME on minion.}, or why it did not run.
 */
final class ScheduleRunJob implements ExecutionFunction {
    @Override
    public String name() {
        return "schedule.run_job";
    }

    @Override
    public String doc() {
        return "Runs a scheduled job now, as a job of its own (caller schedule:NAME); force=True runs a disabled one.";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.required("name", Type.STRING, "the job's name"),
                Param.optional("force", Type.BOOLEAN, false, "run it even if it is disabled"));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        String name = args.string("name");
        ScheduleControl schedule = ScheduleCalls.control(context);
        if (!(schedule.list().get(name) instanceof Map<?, ?> entry)) {
            return Outcome.failed("Job " + name + " does not exist.").toReturn();
        }
        if (Boolean.FALSE.equals(entry.get("enabled")) && !args.bool("force")) {
            return Outcome.done("Job " + name + " is disabled.").toReturn(); // Salt's result here is True
        }
        try {
            Optional<String> skipped = schedule.runJob(name, args.bool("force"));
            return skipped.map(why -> Outcome.failed("Job " + name + " was not run: " + why + "."))
                    .orElse(Outcome.done("Scheduling Job " + name + " on minion.")).toReturn();
        } catch (IllegalArgumentException e) {
            return Outcome.failed(e.getMessage()).toReturn();
        }
    }
}
