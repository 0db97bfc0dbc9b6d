package io.brine.minion;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The threads every minion of the process runs its jobs and job deadlines on.
 *
 * <p>A minion process has one minion, and for it this is simply its job pool. A process hosting many (a
 * benchmark swarm, an orchestrator's test rig) would otherwise hold per minion a job thread for each job of
 * the last half minute and a deadline thread: at 10,000 minions, 20,000 threads, most of the machine's
 * pid_max. Threads start on demand and end after 30 idle seconds, so an idle process holds none; how many jobs
 * one minion may run at once is still its own {@code max_jobs}, enforced by its {@link JobRunner}.
 */
final class JobThreads {
    private static final long IDLE_SECONDS = 30;

    /** Runs jobs; never queues (a job either finds an idle thread or gets a new one). */
    static final ExecutorService JOBS = jobs();

    /** Fires job deadlines; cancelled deadlines leave the queue at once. */
    static final ScheduledThreadPoolExecutor DEADLINES = deadlines();

    private JobThreads() {
    }

    private static ExecutorService jobs() {
        return new ThreadPoolExecutor(0, Integer.MAX_VALUE, IDLE_SECONDS, TimeUnit.SECONDS, new SynchronousQueue<>(),
                r -> daemon(r, "brine-job"));
    }

    private static ScheduledThreadPoolExecutor deadlines() {
        ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, r -> daemon(r, "brine-job-deadline"));
        timer.setKeepAliveTime(IDLE_SECONDS, TimeUnit.SECONDS);
        timer.allowCoreThreadTimeOut(true);
        timer.setRemoveOnCancelPolicy(true);
        return timer;
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }
}
