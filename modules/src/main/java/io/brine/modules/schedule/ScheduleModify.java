package io.brine.modules.schedule;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.ScheduleControl;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code schedule.modify NAME [function=FUN] seconds=N ...}: replaces a job's definition, as Salt's does: the keys
 * not given are not kept, except the function; unchanged, it says {@code Job NAME in correct state}; changed, the
 * changes are {@code {NAME: {old, new}}}. A job from the pillar is changed in the pillar.
 */
final class ScheduleModify implements ExecutionFunction {
    @Override
    public String name() {
        return "schedule.modify";
    }

    @Override
    public String doc() {
        return "Replaces a scheduled job's definition with the keys given (the function kept if none is given); "
                + "returns the old and new definitions as changes. test=True changes nothing.";
    }

    @Override
    public List<Param> params() {
        List<Param> all = new ArrayList<>();
        all.add(Param.required("name", Type.STRING, "the job's name"));
        all.addAll(EntryParams.withFunction(false));
        return ScheduleCalls.withChangeOptions(all);
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        String name = args.string("name");
        ScheduleControl schedule = ScheduleCalls.control(context);
        if (!(schedule.list().get(name) instanceof Map<?, ?> listed)) {
            return Outcome.failed("Job " + name + " does not exist in schedule.").toReturn();
        }
        Map<String, Object> current = asEntry(listed);
        Map<String, Object> definition = EntryParams.definition(args);
        definition.putIfAbsent("function", current.get("function"));
        try {
            Map<String, Object> wanted = schedule.read(name, definition);
            if (wanted.equals(current)) {
                return Outcome.done("Job " + name + " in correct state").toReturn();
            }
            Map<String, Object> change = new LinkedHashMap<>();
            change.put("old", current);
            change.put("new", wanted);
            if (args.bool("test")) {
                return Outcome.changed("Job: " + name + " would be modified in schedule.", name, change).toReturn();
            }
            String refused = ScheduleCalls.unsupported(args).orElse(null);
            if (refused != null) {
                return Outcome.failed(refused).toReturn();
            }
            schedule.modify(name, definition);
            return Outcome.changed("Modified job: " + name + " in schedule.", name, change).toReturn();
        } catch (IllegalArgumentException | UncheckedIOException e) {
            return Outcome.failed(e.getMessage()).toReturn();
        }
    }

    /** A listed entry as its definition reads back: without where it comes from. */
    static Map<String, Object> asEntry(Map<?, ?> listed) {
        Map<String, Object> entry = new LinkedHashMap<>();
        listed.forEach((k, v) -> entry.put(String.valueOf(k), v));
        entry.remove("source");
        return entry;
    }
}
