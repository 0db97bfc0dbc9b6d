package io.brine.jobs.internal;

import io.brine.jobs.JobReturn;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.Flow;

/**
 * A job's returns in the order the job took them, kept for whoever subscribes to them, from the first: a
 * subscriber that comes late, or requests one at a time, loses none. Holds at most one return per expected minion
 * (the job takes only one from each, and only from those), so it needs no other bound; returns a job takes after
 * it ended are not added, as its result does not have them either.
 */
public final class ReturnLog {
    private final List<JobReturn> returns = new ArrayList<>();
    private boolean complete;
    private Throwable failure;
    private final List<DemandSubscription<JobReturn>> subscriptions = new CopyOnWriteArrayList<>();

    /** Takes a return; LiveJob tells them one at a time and in order. */
    public void add(JobReturn r) {
        synchronized (this) {
            if (complete) {
                return;
            }
            returns.add(r);
        }
        subscriptions.forEach(DemandSubscription::signal);
    }

    /** The job ended ({@code failed} null) or broke; nothing is added afterwards. */
    public void finish(Throwable failed) {
        synchronized (this) {
            if (complete) {
                return;
            }
            complete = true;
            failure = failed;
        }
        subscriptions.forEach(DemandSubscription::signal);
    }

    /** The returns as a publisher whose subscribers are told on {@code deliverOn}. */
    public Flow.Publisher<JobReturn> publisher(Executor deliverOn) {
        return subscriber -> {
            Cursor cursor = new Cursor();
            DemandSubscription<JobReturn> s = new DemandSubscription<>(subscriber, cursor, deliverOn,
                    () -> subscriptions.remove(cursor.subscription));
            cursor.subscription = s;
            subscriptions.add(s);
            s.start();
        };
    }

    /** One subscriber's place in the log. */
    private final class Cursor implements DemandSubscription.Source<JobReturn> {
        private int next;
        private DemandSubscription<JobReturn> subscription;

        @Override
        public JobReturn poll() {
            synchronized (ReturnLog.this) {
                return next < returns.size() ? returns.get(next++) : null;
            }
        }

        @Override
        public boolean exhausted() {
            synchronized (ReturnLog.this) {
                return complete && failure == null && next >= returns.size();
            }
        }

        @Override
        public Throwable failure() {
            synchronized (ReturnLog.this) {
                return failure;
            }
        }
    }
}
