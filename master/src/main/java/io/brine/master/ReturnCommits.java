package io.brine.master;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Returns recorded in the job cache and not yet committed, each with what waits for its commit: the acknowledgements
 * of copies of it that came meanwhile. Only once a return is on disk may a minion forget it (ReturnAck): a master
 * killed before the commit never acknowledged it, and the minion sends it again.
 */
final class ReturnCommits {
    private static final Logger LOG = System.getLogger(JobCache.class.getName());

    /** By {@code jid + '\n' + minion}. */
    private final ConcurrentHashMap<String, List<Runnable>> waiting = new ConcurrentHashMap<>();

    private static String key(String jid, String minion) {
        return jid + '\n' + minion;
    }

    /** {@code minion}'s return for {@code jid} is being recorded. */
    void recording(String jid, String minion) {
        waiting.putIfAbsent(key(jid, minion), new CopyOnWriteArrayList<>());
    }

    /** See {@link JobCache#claimReturn}. */
    boolean claim(String jid, String minion, Runnable whenWritten) {
        boolean[] claimed = {false};
        waiting.compute(key(jid, minion), (key, tasks) -> {
            if (tasks == null) {
                claimed[0] = true;
                return new CopyOnWriteArrayList<>();
            }
            tasks.add(whenWritten);
            return tasks;
        });
        return claimed[0];
    }

    /** Gives up a claim whose return is not recorded after all; what waited on it runs now. */
    void release(String jid, String minion) {
        List<Runnable> tasks = waiting.remove(key(jid, minion));
        if (tasks != null) {
            tasks.forEach(ReturnCommits::runGuarded);
        }
    }

    /** Runs {@code whenWritten} once {@code minion}'s return for {@code jid} is on disk: now if no copy waits. */
    void whenWritten(String jid, String minion, Runnable whenWritten) {
        if (waiting.computeIfPresent(key(jid, minion), (key, tasks) -> {
            tasks.add(whenWritten);
            return tasks;
        }) == null) {
            whenWritten.run();
        }
    }

    /** The return is on disk: its own task and those of its copies run (on the writer thread, so quickly). */
    void committed(CacheRow.ReturnRow row) {
        List<Runnable> tasks = waiting.remove(key(row.jid(), row.minion()));
        if (row.committed() != null) {
            runGuarded(row.committed());
        }
        if (tasks != null) {
            tasks.forEach(ReturnCommits::runGuarded);
        }
    }

    /** The return will never be written: nothing that waits on it runs, so its copies stay unacknowledged. */
    void dropped(CacheRow.ReturnRow row) {
        waiting.remove(key(row.jid(), row.minion()));
    }

    private static void runGuarded(Runnable r) {
        try {
            r.run();
        } catch (RuntimeException e) {
            LOG.log(Level.ERROR, "a task waiting for a return's commit failed", e);
        }
    }
}
