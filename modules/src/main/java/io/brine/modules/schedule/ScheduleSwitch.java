package io.brine.modules.schedule;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.Param;
import io.brine.functions.ScheduleControl;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * {@code schedule.enable} and {@code schedule.disable}: the whole schedule runs again, or stops (due runs are
 * skipped, not saved up), across restarts too, with Salt's returns ({@code Disabled schedule on minion.}).
 *
 * @param enable which of the two this is
 */
record ScheduleSwitch(boolean enable) implements ExecutionFunction {
    @Override
    public String name() {
        return enable ? "schedule.enable" : "schedule.disable";
    }

    @Override
    public String doc() {
        return enable ? "Enables this minion's whole schedule; test=True changes nothing."
                : "Disables this minion's whole schedule: no job fires until it is enabled; test=True changes nothing.";
    }

    @Override
    public List<Param> params() {
        return ScheduleCalls.withChangeOptions(List.<Param>of());
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        String done = enable ? "enabled" : "disabled";
        ScheduleControl schedule = ScheduleCalls.control(context);
        if (args.bool("test")) {
            return Outcome.done("Schedule would be " + done + ".").toReturn();
        }
        String refused = ScheduleCalls.unsupported(args).orElse(null);
        if (refused != null) {
            return Outcome.failed(refused).toReturn();
        }
        try {
            if (enable) {
                schedule.enable();
            } else {
                schedule.disable();
            }
            return Outcome.changed((enable ? "Enabled" : "Disabled") + " schedule on minion.", "schedule", done)
                    .toReturn();
        } catch (UncheckedIOException e) {
            return Outcome.failed(e.getMessage()).toReturn();
        }
    }
}
