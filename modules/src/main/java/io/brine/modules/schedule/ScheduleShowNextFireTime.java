package io.brine.modules.schedule;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code schedule.show_next_fire_time NAME}: when a job runs next, splay included, in the minion's local time and
 * Salt's format ({@code {result: True, next_fire_time: 2026-11-22T10:05:00}}).
 */
final class ScheduleShowNextFireTime implements ExecutionFunction {
    /** Salt's default {@code %Y-%m-%dT%H:%M:%S}. */
    private static final DateTimeFormatter SALT_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss");

    @Override
    public String name() {
        return "schedule.show_next_fire_time";
    }

    @Override
    public String doc() {
        return "Returns when a scheduled job runs next, in the minion's local time (next_fire_time).";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.required("name", Type.STRING, "the job's name"));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        Map<String, Object> ret = new LinkedHashMap<>();
        ret.put("result", true);
        try {
            ScheduleCalls.control(context).nextRun(args.string("name")).ifPresentOrElse(
                    at -> ret.put("next_fire_time", SALT_TIME.format(at)),
                    () -> ret.put("comment", "next fire time not available."));
        } catch (IllegalArgumentException e) {
            return Outcome.failed(e.getMessage()).toReturn();
        }
        return ret;
    }
}
