package io.brine.console;

import io.brine.jobs.Event;
import io.brine.jobs.Subscription;
import io.brine.master.EventBus;
import java.time.Clock;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The last hour of returns, minute by minute, for the Overview: how many succeeded and failed, and how long each
 * took from its job's publishing (the jid's time) to its return, as the master's {@code brine_return_latency_seconds}
 * measures it. Fed by the master's own return events, on their publishing thread, so each is a few arithmetic
 * operations; the latencies of a minute are a bounded random sample.
 */
final class ReturnHistory implements AutoCloseable {
    static final int MINUTES = 60;
    /** Latencies kept per minute: beyond, a uniform sample of this many (percentiles stay honest, memory bounded). */
    static final int SAMPLE = 512;
    private static final DateTimeFormatter JID_TIME = DateTimeFormatter.ofPattern("yyyyMMddHHmmss");

    private static final class Minute {
        long minute = -1;
        long ok;
        long failed;
        long seen;
        final double[] latencies = new double[SAMPLE];
    }

    /** One minute as the page shows it; percentiles are NaN for a minute without returns. */
    record Row(long epochSecond, long ok, long failed, double p50, double p95, double p99) {
    }

    private final Minute[] minutes = new Minute[MINUTES];
    private final Clock clock;
    private final Subscription subscription;

    ReturnHistory(EventBus events, Clock clock) {
        this.clock = clock;
        for (int i = 0; i < MINUTES; i++) {
            minutes[i] = new Minute();
        }
        this.subscription = events.subscribe("brine/job/*/ret/*", this::returned);
    }

    /** A jid and when it was published: a broadcast's returns share one, so its time is read once, not per return. */
    private record Published(String jid, long millis) {
    }

    private final java.util.concurrent.atomic.AtomicReference<Published> last =
            new java.util.concurrent.atomic.AtomicReference<>(new Published("", -1));

    /** On the master's thread that files the return: a tag cut and a comparison, the jid's time read once per job. */
    void returned(Event e) {
        String tag = e.tag(); // brine/job/JID/ret/ID
        int from = "brine/job/".length();
        String jid = tag.length() > from + 20 ? tag.substring(from, from + 20) : "";
        Published p = last.get();
        if (!p.jid().equals(jid)) {
            p = new Published(jid, publishedMillis(jid));
            last.set(p);
        }
        double latency = p.millis() < 0 ? Double.NaN : Math.max(0, e.timeMillis() - p.millis()) / 1000.0;
        record(e.timeMillis(), Boolean.TRUE.equals(e.data().get("success")), latency);
    }

    void record(long timeMillis, boolean success, double latencySeconds) {
        long minute = Math.floorDiv(timeMillis, 60_000L);
        Minute m = minutes[(int) Math.floorMod(minute, (long) MINUTES)];
        synchronized (m) {
            if (m.minute != minute) {
                if (m.minute > minute) {
                    return; // an event from more than an hour ago
                }
                m.minute = minute;
                m.ok = 0;
                m.failed = 0;
                m.seen = 0;
            }
            if (success) {
                m.ok++;
            } else {
                m.failed++;
            }
            if (!Double.isNaN(latencySeconds)) {
                long n = m.seen++;
                if (n < SAMPLE) {
                    m.latencies[(int) n] = latencySeconds;
                } else {
                    long slot = ThreadLocalRandom.current().nextLong(n + 1);
                    if (slot < SAMPLE) {
                        m.latencies[(int) slot] = latencySeconds;
                    }
                }
            }
        }
    }

    /** The last {@link #MINUTES} minutes, oldest first, the current one last. */
    List<Row> rows() {
        long now = Math.floorDiv(clock.millis(), 60_000L);
        List<Row> out = new ArrayList<>(MINUTES);
        for (long minute = now - MINUTES + 1; minute <= now; minute++) {
            Minute m = minutes[(int) Math.floorMod(minute, (long) MINUTES)];
            synchronized (m) {
                if (m.minute != minute) {
                    out.add(new Row(minute * 60, 0, 0, Double.NaN, Double.NaN, Double.NaN));
                    continue;
                }
                double[] sample = Arrays.copyOf(m.latencies, (int) Math.min(m.seen, SAMPLE));
                Arrays.sort(sample);
                out.add(new Row(minute * 60, m.ok, m.failed, percentile(sample, 0.50), percentile(sample, 0.95),
                        percentile(sample, 0.99)));
            }
        }
        return out;
    }

    /** The rows as the overview's plots read them: one array per series, null where a minute had no returns. */
    Map<String, Object> series() {
        List<Row> rows = rows();
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("time", rows.stream().map(Row::epochSecond).toList());
        out.put("ok", rows.stream().map(Row::ok).toList());
        out.put("failed", rows.stream().map(Row::failed).toList());
        out.put("p50", rows.stream().map(r -> orNull(r.p50())).toList());
        out.put("p95", rows.stream().map(r -> orNull(r.p95())).toList());
        out.put("p99", rows.stream().map(r -> orNull(r.p99())).toList());
        return out;
    }

    /** When a job was published, read from its jid (UTC yyyyMMddHHmmss + microseconds); -1 if it is not one. */
    static long publishedMillis(String jid) {
        if (jid.length() != 20) {
            return -1;
        }
        try {
            return LocalDateTime.parse(jid.substring(0, 14), JID_TIME).toInstant(ZoneOffset.UTC).toEpochMilli()
                    + Long.parseLong(jid.substring(14)) / 1000;
        } catch (RuntimeException e) {
            return -1;
        }
    }

    private static double percentile(double[] sorted, double q) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        return sorted[(int) Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
    }

    private static Double orNull(double d) {
        return Double.isNaN(d) ? null : d;
    }

    @Override
    public void close() {
        subscription.close();
    }
}
