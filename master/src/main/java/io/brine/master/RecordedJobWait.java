package io.brine.master;

import io.brine.jobs.JobState;
import io.brine.jobs.Subscription;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Waits for a job this master does not follow live: one an earlier master published (this one started since, on
 * the same cachedir), or one that left memory. Its minions' returns still arrive, sent again from their spools when
 * they reconnect, and each is published as {@code brine/job/JID/ret/ID}; that wakes the wait to read the job again.
 * Such a job has ended once no minion it waits for is left or its timeout and the grace after it have passed, by this
 * master's clock ({@link JobState#ended}): the rule a live job's end follows, read from its facts.
 *
 * <pre>{@code
 * Optional<JobState> r = new RecordedJobWait(cache::find, events).await(jid, Duration.ofSeconds(30));
 * }</pre>
 */
final class RecordedJobWait {
    private final Function<String, Optional<JobState>> find;
    private final EventBus events;

    RecordedJobWait(Function<String, Optional<JobState>> find, EventBus events) {
        this.find = find;
        this.events = events;
    }


    /** The job once it has ended, or as it stands when {@code wait} passes; empty if it is not recorded. */
    Optional<JobState> await(String jid, Duration wait) throws InterruptedException {
        long deadline = System.nanoTime() + wait.toNanos();
        Semaphore returned = new Semaphore(0);
        try (Subscription s = events.subscribe("brine/job/" + jid + "/ret/*", e -> returned.release())) {
            Optional<JobState> r = find.apply(jid); // read once subscribed: no return can slip in between
            while (r.isPresent() && !r.get().ended(Instant.now())) {
                long left = Math.min(deadline - System.nanoTime(),
                        TimeUnit.MILLISECONDS.toNanos(r.get().end().toEpochMilli() - System.currentTimeMillis()));
                if (left <= 0) {
                    break;
                }
                if (returned.tryAcquire(left, TimeUnit.NANOSECONDS)) {
                    returned.drainPermits(); // one read covers every return published before it
                    r = find.apply(jid);
                }
            }
            return r;
        }
    }
}
