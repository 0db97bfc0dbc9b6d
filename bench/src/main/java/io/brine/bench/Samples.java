package io.brine.bench;

import java.util.Arrays;
import java.util.List;

/** Durations from repeated rounds, summarised by nearest-rank percentiles. */
final class Samples {
    private final long[] sortedNanos;

    private Samples(long[] nanos) {
        if (nanos.length == 0) {
            throw new IllegalArgumentException("no samples");
        }
        this.sortedNanos = nanos.clone();
        Arrays.sort(sortedNanos);
    }

    static Samples ofNanos(List<Long> nanos) {
        return new Samples(nanos.stream().mapToLong(Long::longValue).toArray());
    }

    int count() {
        return sortedNanos.length;
    }

    /** The {@code p}-th percentile (0 < p <= 100) in milliseconds. */
    double ms(double p) {
        int rank = (int) Math.ceil(p / 100.0 * sortedNanos.length);
        return sortedNanos[Math.max(0, Math.min(sortedNanos.length - 1, rank - 1))] / 1e6;
    }

    double medianMs() {
        return ms(50);
    }

    double minMs() {
        return sortedNanos[0] / 1e6;
    }

    double maxMs() {
        return sortedNanos[sortedNanos.length - 1] / 1e6;
    }

    /** "p50 1.2 / p90 1.5 / max 3.1 ms (n=20)": the spread, for the text report. */
    String spread() {
        return String.format("min %s / p50 %s / p90 %s / p99 %s / max %s ms (n=%d)", Report.num(minMs()),
                Report.num(medianMs()), Report.num(ms(90)), Report.num(ms(99)), Report.num(maxMs()), count());
    }
}
