package io.brine.modules.schedule;

import io.brine.functions.Arguments;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code schedule.absent}: the job {@code NAME} is not in the minion's schedule, composed of {@code schedule.list}
 * and {@code schedule.delete} as Salt's state is, with Salt's comments ({@code Removed job NAME from schedule},
 * {@code Job NAME not present in schedule}). In test mode nothing changes.
 */
final class ScheduleAbsent implements StateFunction {
    @Override
    public String name() {
        return "absent";
    }

    @Override
    public String doc() {
        return "Ensures a job is not in this minion's schedule, deleting it.";
    }

    @Override
    public List<Param> params() {
        return ScheduleCalls.KEEP_OPTIONS;
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws InterruptedException {
        String name = args.name();
        try {
            Object listed = ctx.call("schedule.list", Map.of("show_all", true, "return_yaml", false)).ret();
            if (!(listed instanceof Map<?, ?> schedule && schedule.get(name) instanceof Map<?, ?>)) {
                return StateResult.ok("Job " + name + " not present in schedule");
            }
            Map<String, Object> call = new LinkedHashMap<>();
            call.put("name", name);
            call.putAll(ScheduleCalls.keepOptions(args));
            call.put("test", ctx.test());
            Outcome deleted = Outcome.of(ctx.call("schedule.delete", call).ret());
            if (!deleted.result()) {
                return StateResult.failed(deleted.comment());
            }
            return ctx.test() ? StateResult.pending(Map.of(name, "removed"), deleted.comment())
                    : StateResult.changed(deleted.changes(), "Removed job " + name + " from schedule");
        } catch (FunctionException e) {
            return StateResult.failed(e.getMessage());
        }
    }
}
