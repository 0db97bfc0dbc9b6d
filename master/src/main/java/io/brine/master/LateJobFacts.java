package io.brine.master;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * What never changes about a job once published (its caller, start and expected minions), remembered for the jobs
 * whose late returns were asked about lately. A job of thousands of minions that ended before they all answered
 * (a ping that timed out in a restart storm, the bench's probes as the swarm grows) draws thousands of late
 * returns; searching its expected ids in the database for each one (SQLite's {@code json_each} over 10,000 ids,
 * about a millisecond, under the cache's lock) held every master worker behind the cache, so more returns came
 * late, and the 10,000-minion swarm stopped growing. The ids are read once per job now. Bounded by the ids held
 * ({@value #DEFAULT_MAX_IDS} by default, about 10 MiB), the least lately used job let go first (a larger job is
 * searched in the database as before); cleared when jobs are pruned, forgotten when a job's record is written again
 * (an orphan's expected ids widen) or found gone from the database (pruned by another master of a cluster).
 */
final class LateJobFacts {
    static final int DEFAULT_MAX_IDS = 200_000;

    /** A job's fixed facts; {@code expected} null when there were too many to read (see {@link CacheQueries}). */
    record Facts(String caller, long startMillis, Set<String> expected) {
    }

    private final int maxIds;
    private final LinkedHashMap<String, Facts> byJid = new LinkedHashMap<>(16, 0.75f, true);
    private int ids;

    LateJobFacts(int maxIds) {
        this.maxIds = maxIds;
    }

    synchronized Facts get(String jid) {
        return byJid.get(jid);
    }

    synchronized void forget(String jid) {
        Facts old = byJid.remove(jid);
        if (old != null) {
            ids -= old.expected().size();
        }
    }

    /** Remembers {@code facts}; a job with more ids than the bound is not kept at all. */
    synchronized void put(String jid, Facts facts) {
        if (facts.expected().size() > maxIds) {
            return;
        }
        Facts old = byJid.put(jid, facts);
        ids += facts.expected().size() - (old == null ? 0 : old.expected().size());
        for (Iterator<Map.Entry<String, Facts>> it = byJid.entrySet().iterator(); ids > maxIds && it.hasNext();) {
            Map.Entry<String, Facts> eldest = it.next();
            if (!eldest.getKey().equals(jid)) {
                ids -= eldest.getValue().expected().size();
                it.remove();
            }
        }
    }

    synchronized void clear() {
        byJid.clear();
        ids = 0;
    }

    synchronized int size() {
        return byJid.size();
    }
}
