package io.brine.modules.schedule;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.ScheduleControl;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/**
 * {@code schedule.delete NAME}: removes a job from the minion's schedule for good (one from the minion config stays
 * removed across restarts), with Salt's returns ({@code Deleted Job NAME from schedule.}).
 */
final class ScheduleDelete implements ExecutionFunction {
    @Override
    public String name() {
        return "schedule.delete";
    }

    @Override
    public String doc() {
        return "Removes a job from this minion's schedule, across restarts too; test=True changes nothing.";
    }

    @Override
    public List<Param> params() {
        return ScheduleCalls.withChangeOptions(List.of(Param.required("name", Type.STRING, "the job's name")));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        String name = args.string("name");
        ScheduleControl schedule = ScheduleCalls.control(context);
        if (!(schedule.list().get(name) instanceof Map<?, ?>)) {
            return Outcome.failed("Job " + name + " does not exist.").toReturn();
        }
        if (args.bool("test")) {
            return Outcome.done("Job: " + name + " would be deleted from schedule.").toReturn();
        }
        String refused = ScheduleCalls.unsupported(args).orElse(null);
        if (refused != null) {
            return Outcome.failed(refused).toReturn();
        }
        try {
            schedule.delete(name);
            return Outcome.changed("Deleted Job " + name + " from schedule.", name, "removed").toReturn();
        } catch (IllegalArgumentException | UncheckedIOException e) {
            return Outcome.failed(e.getMessage()).toReturn();
        }
    }
}
