package io.brine.modules.schedule;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionResult;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code schedule.build_schedule_item NAME function=FUN ...}: the job these keys describe, as {@code schedule.add}
 * would add it and {@code schedule.list} would show it (Salt's defaults written out), changing nothing; a bad
 * definition gives Salt's {@code {comment, result: False}}. {@code schedule.present} compares with it.
 */
final class ScheduleBuildItem implements ExecutionFunction {
    @Override
    public String name() {
        return "schedule.build_schedule_item";
    }

    @Override
    public String doc() {
        return "Returns the job these keys describe as schedule.add would add it, defaults written out; changes "
                + "nothing.";
    }

    @Override
    public List<Param> params() {
        List<Param> all = new ArrayList<>();
        all.add(Param.required("name", Type.STRING, "the job's name"));
        all.addAll(EntryParams.withFunction(true));
        return all;
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        try {
            return ScheduleCalls.control(context).read(args.string("name"), EntryParams.definition(args));
        } catch (IllegalArgumentException e) {
            Map<String, Object> ret = new LinkedHashMap<>();
            ret.put("comment", e.getMessage());
            ret.put("result", false);
            return new FunctionResult(ret, 1);
        }
    }
}
