package io.brine.minion.schedule;

import java.util.List;
import java.util.Locale;

/**
 * One of the five fields of a cron expression, and how its text becomes the set of values it matches: a bit mask,
 * bit {@code n} set when value {@code n} matches. Items are comma-separated; each is {@code *}, a value, a range
 * {@code a-b}, or one of those with a step ({@code *}{@code /5}, {@code 1-10/2}, {@code 5/15} = from 5 to the end).
 * Months and weekdays may be named by their first three letters, in any case.
 */
enum CronField {
    MINUTE("minute", 0, 59, List.of()),
    HOUR("hour", 0, 23, List.of()),
    DAY_OF_MONTH("day-of-month", 1, 31, List.of()),
    MONTH("month", 1, 12,
            List.of("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")),
    /** 0 to 7, both 0 and 7 being Sunday (7 is folded onto 0). */
    DAY_OF_WEEK("day-of-week", 0, 7, List.of("sun", "mon", "tue", "wed", "thu", "fri", "sat"));

    private final String label;
    private final int min;
    private final int max;
    /** Names of the values from {@link #min} on. */
    private final List<String> names;

    CronField(String label, int min, int max, List<String> names) {
        this.label = label;
        this.min = min;
        this.max = max;
        this.names = names;
    }

    String label() {
        return label;
    }

    /**
     * The values {@code text} matches, as a mask.
     *
     * @throws IllegalArgumentException saying what is wrong with the field (the caller names the expression)
     */
    long parse(String text) {
        long mask = 0;
        for (String item : text.split(",", -1)) {
            mask |= parseItem(item);
        }
        if (this == DAY_OF_WEEK && (mask & (1L << 7)) != 0) {
            mask = (mask & ~(1L << 7)) | 1L; // Sunday written as 7
        }
        return mask;
    }

    private long parseItem(String item) {
        if (item.isEmpty()) {
            throw problem("an empty item (two commas together, or one at an end)");
        }
        int slash = item.indexOf('/');
        String base = slash < 0 ? item : item.substring(0, slash);
        int step = slash < 0 ? 1 : parseStep(item.substring(slash + 1));
        int from;
        int to;
        if (base.equals("*")) {
            from = min;
            to = max;
        } else if (base.indexOf('-') > 0) {
            int dash = base.indexOf('-');
            from = value(base.substring(0, dash));
            to = value(base.substring(dash + 1));
            if (from > to) {
                throw problem("the range '" + base + "' runs backwards");
            }
        } else {
            from = value(base);
            to = slash < 0 ? from : max; // "5/15": from 5 to the end, every 15
        }
        long mask = 0;
        for (int v = from; v <= to; v += step) {
            mask |= 1L << v;
        }
        return mask;
    }

    private int parseStep(String text) {
        int step;
        try {
            step = Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw problem("the step '" + text + "' is not a number");
        }
        if (step < 1 || step > max) {
            throw problem("the step " + step + " is outside 1-" + max);
        }
        return step;
    }

    private int value(String text) {
        int named = names.indexOf(text.toLowerCase(Locale.ROOT));
        if (named >= 0) {
            return min + named;
        }
        int v;
        try {
            v = Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw problem("'" + text + "' is neither a number" + (names.isEmpty() ? "" : " nor a name"));
        }
        if (v < min || v > max) {
            throw problem(v + " is outside " + min + "-" + max);
        }
        return v;
    }

    private IllegalArgumentException problem(String why) {
        return new IllegalArgumentException("bad " + label + " field: " + why);
    }
}
