package io.brine.modules.schedule;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import java.util.List;
import java.util.Map;

/**
 * {@code schedule.is_enabled [NAME]}: as Salt's, whether the whole schedule is enabled, or with a name that job's
 * definition ({@code {}} if there is none).
 */
final class ScheduleIsEnabled implements ExecutionFunction {
    @Override
    public String name() {
        return "schedule.is_enabled";
    }

    @Override
    public String doc() {
        return "Without a name, whether this minion's schedule is enabled; with one, that job as schedule.list shows "
                + "it ({} if there is none).";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.optional("name", Type.STRING, null, "a job's name"));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        Map<String, Object> schedule = ScheduleCalls.control(context).list();
        if (!args.has("name")) {
            return !Boolean.FALSE.equals(schedule.get("enabled"));
        }
        Object entry = schedule.get(args.string("name"));
        return entry instanceof Map<?, ?> ? entry : Map.of();
    }
}
