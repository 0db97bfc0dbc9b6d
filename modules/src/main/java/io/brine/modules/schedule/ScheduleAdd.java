package io.brine.modules.schedule;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.ScheduleControl;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code schedule.add NAME function=FUN seconds=N [job_args=[...]] [job_kwargs={...}] ...}: adds a job to the
 * minion's schedule, kept across restarts, with Salt's keys and returns ({@code Added job: NAME to schedule.}).
 */
final class ScheduleAdd implements ExecutionFunction {
    @Override
    public String name() {
        return "schedule.add";
    }

    @Override
    public String doc() {
        return "Adds a job to this minion's schedule (Salt's keys: function=, seconds= or cron= ..., job_args=, "
                + "job_kwargs=), kept across restarts; test=True says whether it would be added.";
    }

    @Override
    public List<Param> params() {
        List<Param> all = new ArrayList<>();
        all.add(Param.required("name", Type.STRING, "the job's name"));
        all.addAll(EntryParams.withFunction(true));
        return ScheduleCalls.withChangeOptions(all);
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        String name = args.string("name");
        ScheduleControl schedule = ScheduleCalls.control(context);
        if (schedule.list().get(name) instanceof Map<?, ?>) {
            return Outcome.failed("Job " + name + " already exists in schedule.").toReturn();
        }
        Map<String, Object> definition = EntryParams.definition(args);
        try {
            schedule.read(name, definition); // a bad entry is refused in test mode too
            if (args.bool("test")) {
                return Outcome.done("Job: " + name + " would be added to schedule.").toReturn();
            }
            String refused = ScheduleCalls.unsupported(args).orElse(null);
            if (refused != null) {
                return Outcome.failed(refused).toReturn();
            }
            schedule.add(name, definition);
            return Outcome.changed("Added job: " + name + " to schedule.", name, "added").toReturn();
        } catch (IllegalArgumentException | UncheckedIOException e) {
            return Outcome.failed(e.getMessage()).toReturn();
        }
    }
}
