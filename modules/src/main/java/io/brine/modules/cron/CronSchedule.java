package io.brine.modules.cron;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.random.RandomGenerator;

/**
 * The time fields a cron state asks for, with Salt's {@code random}: a field given as {@code random} gets a
 * random value when the job is written, and an existing job whose field already holds a value other than
 * {@code *} keeps it, so the random choice is made once per machine.
 */
final class CronSchedule {
    static final List<Param> PARAMS = List.of(
            Param.optional("minute", Type.STRING, "*", "the minute field, or random"),
            Param.optional("hour", Type.STRING, "*", "the hour field, or random"),
            Param.optional("daymonth", Type.STRING, "*", "the day of month field, or random"),
            Param.optional("month", Type.STRING, "*", "the month field, or random"),
            Param.optional("dayweek", Type.STRING, "*", "the day of week field (0 or 7 is Sunday), or random"));
    private static final String RANDOM = "random";

    private final List<String> wanted;

    private CronSchedule(List<String> wanted) {
        this.wanted = wanted;
    }

    /** The fields from the arguments, lowercased as Salt compares them; throws naming a field with blanks in it. */
    static CronSchedule of(Arguments args) {
        List<String> fields = new ArrayList<>();
        for (String field : CronJob.FIELDS) {
            String value = args.string(field).strip().toLowerCase(Locale.ROOT);
            if (value.isEmpty() || value.matches(".*\\s.*")) {
                throw new IllegalArgumentException("Invalid " + field + " '" + args.string(field) + "' for a cron job");
            }
            fields.add(value);
        }
        return new CronSchedule(fields);
    }

    /** The fields to write, given the job's current ones (null for a new job). */
    List<String> resolve(List<String> current, RandomGenerator random) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < wanted.size(); i++) {
            String old = current == null || current.isEmpty() ? null : current.get(i);
            boolean keepOld = wanted.get(i).equals(RANDOM) && old != null && !old.equals("*");
            out.add(keepOld ? old : wanted.get(i).equals(RANDOM) ? randomValue(i, random) : wanted.get(i));
        }
        return out;
    }

    private static String randomValue(int field, RandomGenerator random) {
        return Integer.toString(switch (CronJob.FIELDS.get(field)) {
            case "minute" -> random.nextInt(60);
            case "hour" -> random.nextInt(24);
            case "daymonth" -> 1 + random.nextInt(28); // a day every month has; the month is chosen after it
            case "month" -> 1 + random.nextInt(12);
            default -> random.nextInt(7);
        });
    }
}
