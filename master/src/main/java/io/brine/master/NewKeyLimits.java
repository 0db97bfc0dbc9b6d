package io.brine.master;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntSupplier;

/**
 * How many unknown keys strangers may file for the operator to review: at most {@code max_pending_keys} waiting
 * at once, and at most {@code new_keys_per_minute} from one source address a minute. One process once filed 3,177
 * ids in 30 s, each with an auth event, and {@code brine key accept --all} would have accepted them all. A key
 * refused here is not filed and raises no event; its minion is told it is pending and asks again, as every pending
 * minion does, so a real one is filed as soon as there is room. Refusals are counted, and logged once a minute.
 */
final class NewKeyLimits {
    private static final Logger LOG = System.getLogger(NewKeyLimits.class.getName());
    /** Sources remembered within a minute; beyond it, a flood from ever new addresses is refused as one. */
    private static final int MAX_SOURCES = 10_000;

    private record Window(long minute, int count) {
    }

    private final KeyFilingLimits settings;
    private final IntSupplier pendingNow;
    private final Map<String, Window> bySource = new HashMap<>();
    private final LongAdder refused = new LongAdder();
    private long lastLogMillis;
    private long refusedAtLastLog;

    NewKeyLimits(KeyFilingLimits settings, IntSupplier pendingNow) {
        this.settings = settings;
        this.pendingNow = pendingNow;
    }

    /** Why a new key from {@code address} may not be filed now; empty if it may (and then it counts). */
    synchronized Optional<String> refusal(String address, long nowMillis) {
        long minute = nowMillis / 60_000;
        if (bySource.size() >= MAX_SOURCES) {
            bySource.values().removeIf(w -> w.minute() != minute);
        }
        Window w = bySource.get(address);
        int sofar = w == null || w.minute() != minute ? 0 : w.count();
        String why = null;
        if (sofar >= settings.newKeysPerMinute() || (w == null && bySource.size() >= MAX_SOURCES)) {
            why = "more than " + settings.newKeysPerMinute() + " new keys this minute from " + address;
        } else if (pendingNow.getAsInt() >= settings.maxPendingKeys()) {
            why = settings.maxPendingKeys() + " keys are already pending (max_pending_keys)";
        }
        if (why != null) {
            refused(why, nowMillis);
            return Optional.of(why);
        }
        bySource.put(address, new Window(minute, sofar + 1));
        return Optional.empty();
    }

    long refused() {
        return refused.sum();
    }

    private void refused(String why, long nowMillis) {
        refused.increment();
        if (nowMillis - lastLogMillis >= 60_000) {
            long total = refused.sum();
            LOG.log(Level.WARNING, "refused to file " + (total - refusedAtLastLog) + " new minion key(s) since the last"
                    + " report; latest: " + why);
            lastLogMillis = nowMillis;
            refusedAtLastLog = total;
        }
    }
}
