package io.brine.jobs;

import java.math.BigInteger;
import java.time.Duration;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * How many minions a job runs on at a time (Salt's {@code -b 10} / {@code -b 25%}): a count, or a percentage of
 * the minions the target selects, and how long to wait after a return before the next minion starts. Parsed and
 * checked here only; everything else holds the value.
 *
 * <pre>{@code
 * Batch.parse("25%").size(10);                              // 3: at least one, rounded up
 * Batch.parse("2").withWait(Duration.ofSeconds(5)).text();  // "2"
 * Batch.parse("150%");  // IllegalArgumentException: batch percentage must be from 1% to 100%, not '150%'
 * }</pre>
 *
 * @param count   the number of minions at a time, or 0 for a percentage
 * @param percent the percentage of the targeted minions at a time, or 0 for a count
 * @param pause   how long to wait after each return before the next minion starts ({@code --batch-wait})
 */
public record Batch(int count, int percent, Duration pause) {
    /** The largest count the wire carries ({@code --batch} takes up to seven digits). */
    public static final int MAX_COUNT = 9_999_999;
    private static final Pattern NUMBER = Pattern.compile("-?[0-9]+");

    public Batch {
        Objects.requireNonNull(pause, "pause");
        if ((count == 0) == (percent == 0)) {
            throw new IllegalArgumentException("a batch is either a count or a percentage");
        }
        if (count < 0 || count > MAX_COUNT) {
            throw new IllegalArgumentException(countRange("'" + count + "'"));
        }
        if (percent < 0 || percent > 100) {
            throw new IllegalArgumentException(percentRange("'" + percent + "%'"));
        }
        if (pause.isNegative()) {
            throw new IllegalArgumentException("batch wait must not be negative: " + pause);
        }
    }

    /**
     * Reads {@code "10"} (that many minions at a time) or {@code "25%"} (that share of the targeted minions),
     * with no wait between them.
     *
     * @throws IllegalArgumentException saying what the text should have been, and quoting it
     */
    public static Batch parse(String text) {
        String quoted = "'" + text + "'";
        if (text == null || text.isEmpty()) {
            throw new IllegalArgumentException(shape(quoted));
        }
        boolean isPercent = text.endsWith("%");
        String digits = isPercent ? text.substring(0, text.length() - 1) : text;
        if (!NUMBER.matcher(digits).matches()) {
            throw new IllegalArgumentException(shape(quoted));
        }
        BigInteger n = new BigInteger(digits);
        if (isPercent) {
            if (n.signum() <= 0 || n.compareTo(BigInteger.valueOf(100)) > 0) {
                throw new IllegalArgumentException(percentRange(quoted));
            }
            return new Batch(0, n.intValue(), Duration.ZERO);
        }
        if (n.signum() <= 0 || n.compareTo(BigInteger.valueOf(MAX_COUNT)) > 0) {
            throw new IllegalArgumentException(countRange(quoted));
        }
        return new Batch(n.intValue(), 0, Duration.ZERO);
    }

    /** This batch, pausing {@code pause} after each return before the next minion starts. */
    public Batch withWait(Duration afterEachReturn) {
        return new Batch(count, percent, afterEachReturn);
    }

    /** How many of {@code minions} run at a time: at least one. */
    public int size(int minions) {
        return count > 0 ? count : Math.max(1, (int) Math.ceil(minions * percent / 100.0));
    }

    /** The batch as the CLI's {@code --batch} and the wire write it: {@code "10"} or {@code "25%"}. */
    public String text() {
        return count > 0 ? Integer.toString(count) : percent + "%";
    }

    private static String shape(String quoted) {
        return "batch must be a count such as 10 or a percentage such as 25%, not " + quoted;
    }

    private static String countRange(String quoted) {
        return "batch count must be from 1 to " + MAX_COUNT + ", not " + quoted;
    }

    private static String percentRange(String quoted) {
        return "batch percentage must be from 1% to 100%, not " + quoted;
    }
}
