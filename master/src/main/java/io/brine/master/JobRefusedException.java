package io.brine.master;

import java.util.Locale;

/**
 * A job the master would not take now, because taking it would pass one of its bounds (see docs/limits.md);
 * nothing was recorded or sent. {@code brine run} exits 2 with the message; the REST API answers {@code 429}
 * when the caller should queue less, {@code 503} while the job cache or (with {@code audit_required}) the audit log
 * cannot be written ({@link Reason#mastersTrouble}).
 *
 * <pre>{@code
 * try {
 *     master.client().cast(JobSpec.of("web*", "test.ping").queued(Duration.ofMinutes(10)));
 * } catch (JobRefusedException e) {
 *     System.out.println(e.reason().label() + ": " + e.getMessage());
 * }
 * }</pre>
 */
public final class JobRefusedException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    /** Which bound a refused job would have passed. */
    public enum Reason {
        /** A targeted minion that is away already has its most queued deliveries waiting. */
        DELIVERY_QUEUE_MINION,
        /** The master holds its most queued deliveries, all minions together. */
        DELIVERY_QUEUE_TOTAL,
        /** The job cache cannot be written and its backlog holds the most records or bytes it may. */
        CACHE_BACKLOG,
        /** {@code audit_required} is set and the job's audit line could not be made durable before publishing. */
        AUDIT_LOG;

        /**
         * The name in counters and logs: delivery_queue_minion, delivery_queue_total, cache_backlog, audit_log.
         */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** Whether the master cannot take jobs now whoever asks (its disk), rather than the caller asking too much. */
        public boolean mastersTrouble() {
            return this == CACHE_BACKLOG || this == AUDIT_LOG;
        }
    }

    private final Reason reason;

    JobRefusedException(Reason reason, String message) {
        super(message);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
