package io.brine.master;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts the jobs refused at publication because they would pass a bound, by reason, and logs them at most once a
 * second: a script publishing in a loop against a full queue must not also fill the log.
 */
final class JobRefusals {
    private static final Logger LOG = System.getLogger(JobRefusals.class.getName());

    private final Map<JobRefusedException.Reason, LongAdder> counts = new EnumMap<>(JobRefusedException.Reason.class);
    private final AtomicLong lastLog = new AtomicLong();

    JobRefusals() {
        for (JobRefusedException.Reason r : JobRefusedException.Reason.values()) {
            counts.put(r, new LongAdder());
        }
    }

    /** Counts a refusal and returns the exception to throw. */
    JobRefusedException refuse(JobRefusedException.Reason reason, String message) {
        counts.get(reason).increment();
        long now = System.currentTimeMillis();
        long last = lastLog.get();
        if (now - last >= 1000 && lastLog.compareAndSet(last, now)) {
            LOG.log(Level.WARNING, "refused a job (" + reason.label() + "): " + message + " (" + this + ")");
        }
        return new JobRefusedException(reason, message);
    }

    long count(JobRefusedException.Reason reason) {
        return counts.get(reason).sum();
    }

    /** One line: {@code jobs_refused_delivery_queue_minion=0 jobs_refused_delivery_queue_total=0 ...}. */
    @Override
    public String toString() {
        StringBuilder out = new StringBuilder();
        counts.forEach((reason, n) -> out.append(out.length() == 0 ? "" : " ").append("jobs_refused_")
                .append(reason.label()).append('=').append(n.sum()));
        return out.toString();
    }
}
