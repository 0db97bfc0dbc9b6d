package io.brine.bench;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * The peak heap of this JVM while watched, as "heap occupied right after a collection": every collection the
 * JVM reports during the watch is heard (a JMX notification, so none is missed, however short), its heap pools
 * after the collection are summed, and the highest sum is kept. Unlike a sample of used heap, it does not count
 * the young garbage a collection clears, so a master that buffered a whole file would show it and one that
 * holds a few chunks shows about its baseline plus those chunks. Old-generation garbage that awaits a major
 * collection is counted, though: it is an upper bound of what the process holds (with SerialGC and a small
 * {@code -Xmx} it reads near the cap).
 */
final class HeapAfterGc implements AutoCloseable {
    private final List<NotificationEmitter> emitters = new ArrayList<>();
    private final Set<String> heapPools = ManagementFactory.getMemoryPoolMXBeans().stream()
            .filter(p -> p.getType() == MemoryType.HEAP).map(MemoryPoolMXBean::getName).collect(Collectors.toSet());
    private final AtomicLong peakBytes = new AtomicLong();
    private final AtomicInteger collections = new AtomicInteger();
    private final NotificationListener listener = this::heard;

    private HeapAfterGc() {
    }

    static HeapAfterGc watch() {
        HeapAfterGc w = new HeapAfterGc();
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc instanceof NotificationEmitter e) {
                e.addNotificationListener(w.listener, null, null);
                w.emitters.add(e);
            }
        }
        return w;
    }

    /** Heap in use right now, after a full collection: the baseline the peak is compared with. */
    static double liveHeapMib() {
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() / (1024.0 * 1024);
    }

    private void heard(Notification n, Object handback) {
        if (!n.getType().equals(GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION)) {
            return;
        }
        GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
        long used = 0;
        for (Map.Entry<String, MemoryUsage> pool : info.getGcInfo().getMemoryUsageAfterGc().entrySet()) {
            if (heapPools.contains(pool.getKey())) {
                used += pool.getValue().getUsed();
            }
        }
        collections.incrementAndGet();
        peakBytes.accumulateAndGet(used, Math::max);
    }

    /** Collections heard so far; with none, {@link #peakMib} falls back to the used heap (an upper bound). */
    int collections() {
        return collections.get();
    }

    double peakMib() {
        long bytes = collections.get() > 0 ? peakBytes.get()
                : ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        return bytes / (1024.0 * 1024);
    }

    @Override
    public void close() {
        for (NotificationEmitter e : emitters) {
            try {
                e.removeNotificationListener(listener);
            } catch (ListenerNotFoundException ignored) {
                // never added: nothing to remove
            }
        }
    }
}
