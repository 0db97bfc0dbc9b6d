package io.brine.modules.schedule;

import io.brine.functions.Arguments;
import io.brine.functions.Effect;
import io.brine.functions.FunctionException;
import io.brine.functions.FunctionResult;
import io.brine.functions.Param;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code schedule.present}: the job {@code NAME} is in the minion's schedule as described, composed of
 * {@code schedule.list}, {@code build_schedule_item}, {@code add} and {@code modify} as Salt's state is, with Salt's
 * comments ({@code Adding new job NAME to schedule}, {@code Modifying job NAME in schedule}, {@code Job NAME in
 * correct state}). In test mode nothing changes and the result is pending with the changes it would make.
 *
 * <p>The function it schedules is what it sets going: judged by the minion's policy before the state acts (a guest
 * that refuses {@code cmd.run} refuses a schedule of it), as it is again at every run.
 */
final class SchedulePresent implements StateFunction {
    @Override
    public String name() {
        return "present";
    }

    @Override
    public String doc() {
        return "Ensures a job is in this minion's schedule as described (Salt's keys: function, seconds or cron ..., "
                + "job_args, job_kwargs), adding or modifying it.";
    }

    @Override
    public List<Param> params() {
        List<Param> all = new ArrayList<>(EntryParams.withFunction(true));
        all.addAll(ScheduleCalls.KEEP_OPTIONS);
        return all;
    }

    @Override
    public List<Effect> effects(Arguments args) {
        return args.has("function") ? List.of(new Effect.CallsFunction(args.string("function"))) : List.of();
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws InterruptedException {
        String name = args.name();
        Map<String, Object> call = new LinkedHashMap<>();
        call.put("name", name);
        call.putAll(EntryParams.given(args));
        try {
            Object listed = ctx.call("schedule.list", Map.of("show_all", true, "return_yaml", false)).ret();
            if (!(listed instanceof Map<?, ?> schedule && schedule.get(name) instanceof Map<?, ?> current)) {
                return add(name, call, args, ctx);
            }
            FunctionResult built = ctx.call("schedule.build_schedule_item", call);
            if (!built.success()) {
                return StateResult.failed(Outcome.of(built.ret()).comment());
            }
            if (built.ret().equals(ScheduleModify.asEntry(current))) {
                return StateResult.ok("Job " + name + " in correct state");
            }
            call.putAll(ScheduleCalls.keepOptions(args));
            call.put("test", ctx.test());
            Outcome modified = Outcome.of(ctx.call("schedule.modify", call).ret());
            if (!modified.result()) {
                return StateResult.failed(modified.comment());
            }
            return ctx.test() ? StateResult.pending(modified.changes(), modified.comment())
                    : StateResult.changed(modified.changes(), "Modifying job " + name + " in schedule");
        } catch (FunctionException e) {
            return StateResult.failed(e.getMessage());
        }
    }

    private static StateResult add(String name, Map<String, Object> call, Arguments args, StateContext ctx)
            throws FunctionException, InterruptedException {
        call.putAll(ScheduleCalls.keepOptions(args));
        call.put("test", ctx.test());
        Outcome added = Outcome.of(ctx.call("schedule.add", call).ret());
        if (!added.result()) {
            return StateResult.failed(added.comment());
        }
        // Salt reports no changes in test mode; a pending state says what it would change
        return ctx.test() ? StateResult.pending(Map.of(name, "added"), added.comment())
                : StateResult.changed(added.changes(), "Adding new job " + name + " to schedule");
    }
}
