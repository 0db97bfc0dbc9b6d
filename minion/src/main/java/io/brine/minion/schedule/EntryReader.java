package io.brine.minion.schedule;

import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads a {@link ScheduleEntry} from its map in Salt's shape. Keys and defaults are Salt 3006's
 * ({@code salt/utils/schedule.py}, {@code salt/modules/schedule.py}); where Salt logs an error at each evaluation
 * and skips the job, this throws once, naming the entry and the key.
 */
final class EntryReader {
    private static final Set<String> KEYS = Set.of("function", "fun", "func", "args", "kwargs", "seconds",
            "minutes", "hours", "days", "cron", "when", "once", "once_fmt", "splay", "range", "skip_during_range",
            "until", "after", "maxrunning", "enabled", "run_on_start", "jid_include", "return_job", "name",
            "metadata", "returner", "return_config", "return_kwargs");
    /** Salt's keys that Brine does not read, and why, so that the error says more than "unknown". */
    private static final Map<String, String> NOT_SUPPORTED = Map.of(
            "run_explicit", "is written by Salt's schedule.postpone_job, which Brine does not have",
            "skip_explicit", "is written by Salt's schedule.skip_job, which Brine does not have",
            "run_after_skip_range", "is not supported by Brine",
            "dry_run", "is not supported by Brine (disable the entry instead)",
            "skip_function", "is not supported by Brine");
    private static final List<String> INTERVAL_KEYS = List.of("seconds", "minutes", "hours", "days");

    private EntryReader() {
    }

    static ScheduleEntry read(String name, Map<String, Object> raw) {
        ScheduleEntry.requireValidName(name);
        if (raw == null) {
            throw new IllegalArgumentException("schedule entry '" + name + "' has no settings");
        }
        EntryFields f = EntryFields.ofEntry(name, raw);
        checkKeys(raw, f);
        String declaredName = f.string("name");
        if (declaredName != null && !declaredName.equals(name)) {
            throw f.problem("name", "'" + declaredName + "' differs from the entry's name");
        }
        return new ScheduleEntry(name, function(f), f.list("args"), f.map("kwargs"), timing(f), splay(f),
                new RunWindows(window(f, "range", true), window(f, "skip_during_range", false), time(f, "until"),
                        time(f, "after")),
                f.whole("maxrunning", 1, Integer.MAX_VALUE, 1), orTrue(f.bool("enabled")),
                Boolean.TRUE.equals(f.bool("run_on_start")), orTrue(f.bool("jid_include")), returnJob(f),
                returnOptions(f));
    }

    private static void checkKeys(Map<String, Object> raw, EntryFields f) {
        for (String key : raw.keySet()) {
            if (key == null) {
                throw f.problem("has a null key");
            }
            if (KEYS.contains(key)) {
                continue;
            }
            String why = NOT_SUPPORTED.get(key);
            if (why != null) {
                throw f.problem(key, why);
            }
            if (key.startsWith("_")) {
                throw f.problem(key, "is Salt's own bookkeeping, not a setting");
            }
            throw f.problem("unknown key '" + key + "' (known: " + String.join(", ", new TreeSet<>(KEYS))
                    + ")");
        }
    }

    /** {@code function}, or Salt's other spellings {@code fun} and {@code func}; exactly one of them. */
    private static String function(EntryFields f) {
        List<String> given = new ArrayList<>();
        for (String key : List.of("function", "fun", "func")) {
            if (f.has(key)) {
                given.add(key);
            }
        }
        if (given.size() != 1) {
            throw f.problem(given.isEmpty() ? "needs a function" : "gives the function twice: " + given);
        }
        return f.string(given.get(0));
    }

    private static Timing timing(EntryFields f) {
        List<String> kinds = new ArrayList<>();
        if (INTERVAL_KEYS.stream().anyMatch(f::has)) {
            kinds.add("seconds/minutes/hours/days");
        }
        for (String key : List.of("cron", "when", "once")) {
            if (f.has(key)) {
                kinds.add(key);
            }
        }
        if (kinds.size() != 1) {
            throw f.problem(kinds.isEmpty() ? "needs one of seconds/minutes/hours/days, cron, when or once"
                    : "can have only one of " + String.join(", ", kinds));
        }
        if (f.has("once_fmt") && !f.has("once")) {
            throw f.problem("once_fmt", "goes only with once");
        }
        try {
            return switch (kinds.get(0)) {
                case "cron" -> new Timing.Cron(CronExpression.parse(f.string("cron")));
                case "when" -> new Timing.When(whenTimes(f));
                case "once" -> once(f);
                default -> new Timing.Interval(orZero(f.whole("seconds")), orZero(f.whole("minutes")),
                        orZero(f.whole("hours")), orZero(f.whole("days")));
            };
        } catch (IllegalArgumentException e) {
            String kind = kinds.get(0);
            if (e.getMessage().startsWith("schedule entry ")) {
                throw e;
            }
            // a cron message names the expression already; the others are about the key's value
            throw kind.equals("cron") || kind.contains("/") ? f.problem(e.getMessage())
                    : f.problem(kind, e.getMessage());
        }
    }

    private static List<TimeSpec> whenTimes(EntryFields f) {
        List<?> when = f.get("when") instanceof String s ? List.of(s) : f.list("when");
        List<TimeSpec> times = new ArrayList<>();
        for (Object t : when) {
            if (!(t instanceof String s)) {
                throw f.problem("when", "holds " + EntryFields.describe(t) + ", not a time string");
            }
            times.add(TimeSpec.parse(s));
        }
        return times;
    }

    private static Timing once(EntryFields f) {
        String format = f.has("once_fmt") ? f.string("once_fmt") : OnceFormat.DEFAULT;
        String text = f.string("once");
        try {
            LocalDateTime at = OnceFormat.parse(text, format);
            return new Timing.Once(at, text, format);
        } catch (IllegalArgumentException e) {
            throw f.problem(e.getMessage()); // it names once or once_fmt
        }
    }

    /** Salt's two forms: a number of seconds N (1 to N), or {@code {start, end}}; null if not given. */
    static Splay splay(EntryFields f) {
        if (!f.has("splay")) {
            return null;
        }
        if (!(f.get("splay") instanceof Map)) {
            return Splay.upTo(f.whole("splay", 0, Integer.MAX_VALUE, 0));
        }
        Map<String, Object> range = f.map("splay");
        if (!range.keySet().equals(Set.of("start", "end"))) {
            throw f.problem("splay", "as a map needs exactly start and end, not " + range.keySet());
        }
        EntryFields bounds = f.nested("splay", range);
        int start = bounds.whole("start", 0, Integer.MAX_VALUE, 0);
        int end = bounds.whole("end", 0, Integer.MAX_VALUE, 0);
        if (end < start) {
            throw f.problem("splay", "end " + end + " is before start " + start);
        }
        return new Splay(start, end);
    }

    /** {@code range} (which may have invert) or {@code skip_during_range}; null if not given. */
    static TimeWindow window(EntryFields f, String key, boolean invertAllowed) {
        Map<String, Object> map = f.map(key);
        if (map == null) {
            return null;
        }
        Set<String> allowed = invertAllowed ? Set.of("start", "end", "invert") : Set.of("start", "end");
        if (!allowed.containsAll(map.keySet()) || !map.containsKey("start") || !map.containsKey("end")) {
            throw f.problem(key, "needs start and end" + (invertAllowed ? " (and may have invert)" : "")
                    + ", not " + map.keySet());
        }
        EntryFields w = f.nested(key, map);
        String start = w.string("start");
        String end = w.string("end");
        boolean invert = Boolean.TRUE.equals(w.bool("invert"));
        try {
            return new TimeWindow(TimeSpec.parse(start), TimeSpec.parse(end), invert);
        } catch (IllegalArgumentException e) {
            throw f.problem(key, e.getMessage());
        }
    }

    private static TimeSpec time(EntryFields f, String key) {
        String text = f.string(key);
        try {
            return text == null ? null : TimeSpec.parse(text);
        } catch (IllegalArgumentException e) {
            throw f.problem(key, e.getMessage());
        }
    }

    /** {@code return_job}: true (the default), false, or "nocache". */
    private static ReturnPolicy returnJob(EntryFields f) {
        if (f.has("return_job") && "nocache".equals(f.get("return_job"))) {
            return ReturnPolicy.SEND_UNCACHED;
        }
        Boolean b = f.has("return_job") ? EntryFields.asBoolean(f.get("return_job")) : Boolean.TRUE;
        if (b == null) {
            throw f.problem("return_job", "must be true, false or nocache, not "
                    + EntryFields.describe(f.get("return_job")));
        }
        return b ? ReturnPolicy.SEND : ReturnPolicy.KEEP_LOCAL;
    }

    private static Map<String, Object> returnOptions(EntryFields f) {
        Map<String, Object> options = new LinkedHashMap<>();
        if (f.has("metadata")) {
            options.put("metadata", f.map("metadata"));
        }
        if (f.has("returner")) {
            Object returner = f.get("returner");
            boolean names = returner instanceof String
                    || returner instanceof List<?> l && l.stream().allMatch(String.class::isInstance);
            if (!names) {
                throw f.problem("returner", "must be a returner's name or a list of names");
            }
            options.put("returner", returner);
        }
        if (f.has("return_config")) {
            options.put("return_config", f.string("return_config"));
        }
        if (f.has("return_kwargs")) {
            options.put("return_kwargs", f.map("return_kwargs"));
        }
        return options;
    }

    private static boolean orTrue(Boolean b) {
        return b == null || b;
    }

    private static long orZero(Long n) {
        return n == null ? 0 : n;
    }
}
