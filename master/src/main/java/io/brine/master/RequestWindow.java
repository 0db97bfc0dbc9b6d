package io.brine.master;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * What minions' own requests (file chunks, pushes, pillar) and the events they post may hold in the master's memory
 * at once: per minion and in all. A request is charged its frame and, for a file chunk, the chunk it asks for, from
 * the moment it arrives until its answer is handed to the transport; an event its frame and its data, until it is
 * published. Beyond either bound a request is refused at once, counted, and never read from disk; an event is
 * dropped and counted the same way. A well-behaved minion keeps a window of 16 quarter-MiB chunks, far inside this; one
 * that asks for chunks it never reads can no longer make the master hold gigabytes.
 */
final class RequestWindow {
    /**
     * Per minion: its download window (16 quarter-MiB chunks) and up to four pushes' chunks waiting for a worker
     * stay well inside; a minion asking for 1 MiB chunks in a loop gets 32 at a time.
     */
    static final long PER_MINION_BYTES = 32L * 1024 * 1024;
    /** Across all minions: a fleet fetching a state tree at once waits its turn rather than exhausting the heap. */
    static final long TOTAL_BYTES = 512L * 1024 * 1024;

    private final long perMinion;
    private final long total;
    private final AtomicLong inFlight = new AtomicLong();
    private final Map<Long, AtomicLong> bySession = new ConcurrentHashMap<>();
    final LongAdder refused = new LongAdder();

    RequestWindow(long perMinion, long total) {
        this.perMinion = perMinion;
        this.total = total;
    }

    /** Charges {@code bytes} to the session; false (and counted) when a bound would be passed. */
    boolean tryAcquire(long sessionId, long bytes) {
        AtomicLong mine = bySession.computeIfAbsent(sessionId, id -> new AtomicLong());
        if (mine.addAndGet(bytes) > perMinion) {
            mine.addAndGet(-bytes);
            refused.increment();
            return false;
        }
        if (inFlight.addAndGet(bytes) > total) {
            inFlight.addAndGet(-bytes);
            mine.addAndGet(-bytes);
            refused.increment();
            return false;
        }
        return true;
    }

    void release(long sessionId, long bytes) {
        inFlight.addAndGet(-bytes);
        AtomicLong mine = bySession.get(sessionId);
        if (mine != null) {
            mine.addAndGet(-bytes);
        }
    }

    /** Forgets a session; requests still under way release into the total only. */
    void closed(long sessionId) {
        bySession.remove(sessionId);
    }

    long inFlight() {
        return inFlight.get();
    }
}
