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
 * {@code schedule.enable_job NAME} and {@code schedule.disable_job NAME}: one job's runs start again, or stop,
 * across restarts too, with Salt's returns ({@code Enabled Job NAME in schedule.}).
 *
 * @param enable which of the two this is
 */
record ScheduleJobSwitch(boolean enable) implements ExecutionFunction {
    @Override
    public String name() {
        return enable ? "schedule.enable_job" : "schedule.disable_job";
    }

    @Override
    public String doc() {
        return enable ? "Enables a job in this minion's schedule; test=True changes nothing."
                : "Disables a job in this minion's schedule (its due runs are skipped); test=True changes nothing.";
    }

    @Override
    public List<Param> params() {
        return ScheduleCalls.withChangeOptions(List.of(Param.required("name", Type.STRING, "the job's name")));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        String name = args.string("name");
        String done = enable ? "enabled" : "disabled";
        ScheduleControl schedule = ScheduleCalls.control(context);
        if (!(schedule.list().get(name) instanceof Map<?, ?>)) {
            return Outcome.failed("Job " + name + " does not exist.").toReturn();
        }
        if (args.bool("test")) {
            return Outcome.done("Job: " + name + " would be " + done + " in schedule.").toReturn();
        }
        String refused = ScheduleCalls.unsupported(args).orElse(null);
        if (refused != null) {
            return Outcome.failed(refused).toReturn();
        }
        try {
            if (enable) {
                schedule.enableJob(name);
            } else {
                schedule.disableJob(name);
            }
            return Outcome.changed((enable ? "Enabled" : "Disabled") + " Job " + name + " in schedule.", name, done)
                    .toReturn();
        } catch (IllegalArgumentException | UncheckedIOException e) {
            return Outcome.failed(e.getMessage()).toReturn();
        }
    }
}
