package io.brine.modules.schedule;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The keys of a schedule entry as Salt's {@code schedule.add}, {@code modify}, {@code build_schedule_item} and
 * {@code schedule.present} take them ({@code salt/modules/schedule.py}): the entry's own keys, with its arguments
 * as {@code job_args} and {@code job_kwargs}. Declared, so that a misspelt key is refused by name before anything
 * changes (Salt drops it silently); the minion's scheduler checks the values.
 */
final class EntryParams {
    /** The entry's keys besides the function, each optional, in Salt's order. */
    private static final List<Param> KEYS = List.of(
            Param.optional("seconds", Type.INTEGER, null, "run every so many seconds"),
            Param.optional("minutes", Type.INTEGER, null, "run every so many minutes"),
            Param.optional("hours", Type.INTEGER, null, "run every so many hours"),
            Param.optional("days", Type.INTEGER, null, "run every so many days"),
            Param.optional("when", Type.ANY, null, "a time or a list of times to run at (instead of an interval)"),
            Param.optional("cron", Type.STRING, null, "a five-field cron expression to run on"),
            Param.optional("once", Type.STRING, null, "one time to run at, then never again"),
            Param.optional("once_fmt", Type.STRING, null, "the strftime format of once (default ISO 8601)"),
            Param.optional("splay", Type.ANY, null, "put each run off by up to so many seconds, or {start, end}"),
            Param.optional("range", Type.MAP, null, "run only between {start, end} (invert: True for outside)"),
            Param.optional("skip_during_range", Type.MAP, null, "skip runs between {start, end}"),
            Param.optional("until", Type.STRING, null, "no runs after this time"),
            Param.optional("after", Type.STRING, null, "no runs before this time"),
            Param.optional("maxrunning", Type.INTEGER, null, "at most so many runs at once (default 1)"),
            Param.optional("enabled", Type.BOOLEAN, null, "whether due runs start (default True)"),
            Param.optional("run_on_start", Type.BOOLEAN, null, "also run when the entry joins the schedule"),
            Param.optional("jid_include", Type.BOOLEAN, null, "count the runs for maxrunning (default True)"),
            Param.optional("return_job", Type.ANY, null, "send returns to the master: True (default), False or "
                    + "nocache"),
            Param.optional("metadata", Type.MAP, null, "values kept with the entry"),
            Param.optional("returner", Type.ANY, null, "Salt's returner names (kept, not used by Brine)"),
            Param.optional("return_config", Type.STRING, null, "Salt's returner config (kept, not used by Brine)"),
            Param.optional("return_kwargs", Type.MAP, null, "Salt's returner options (kept, not used by Brine)"),
            Param.optional("job_args", Type.LIST, null, "the function's positional arguments"),
            Param.optional("job_kwargs", Type.MAP, null, "the function's keyword arguments"));
    /** Argument names that differ from the key they set in the entry. */
    private static final Map<String, String> RENAMED = Map.of("job_args", "args", "job_kwargs", "kwargs");

    private EntryParams() {
    }

    /** The entry's keys with {@code function} first, required or not. */
    static List<Param> withFunction(boolean required) {
        List<Param> all = new ArrayList<>();
        all.add(required ? Param.required("function", Type.STRING, "the function to run, module.function")
                : Param.optional("function", Type.STRING, null, "the function to run (default: the entry's)"));
        all.addAll(KEYS);
        return all;
    }

    /** The entry's keys given, by the names these functions take them ({@code job_args}), to pass them on. */
    static Map<String, Object> given(Arguments args) {
        Map<String, Object> given = new LinkedHashMap<>();
        for (Param p : withFunction(false)) {
            if (args.has(p.name())) {
                given.put(p.name(), args.get(p.name()));
            }
        }
        return given;
    }

    /** The entry the arguments describe, in Salt's shape: the keys given, {@code job_args} as {@code args}. */
    static Map<String, Object> definition(Arguments args) {
        Map<String, Object> entry = new LinkedHashMap<>();
        given(args).forEach((name, value) -> entry.put(RENAMED.getOrDefault(name, name), value));
        return entry;
    }
}
