package io.brine.master;

import io.brine.protocol.GrainsReport;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;

/**
 * Takes the grains reports minions send (each already within its bounds: the codec refused any beyond) and stores
 * them on the workers, one minion's in the order they came. At most one report per minion waits for a worker: a
 * newer one replaces it, since it would only have been overwritten. So a minion sending reports in a loop makes
 * the master hold two of them at most (one waiting, one being stored) and write as fast as its disk lets it, not
 * queue them without end.
 */
final class GrainsReports {
    private static final Logger LOG = System.getLogger(GrainsReports.class.getName());

    /** A minion's latest report not yet taken by a worker, and whether a worker is on its way for it. */
    private static final class Slot {
        GrainsReport waiting;
        boolean scheduled;
    }

    private final Map<String, Slot> slots = new ConcurrentHashMap<>();
    private final DeclaredFunctions declared;
    private final MinionFactsCache facts;
    private final Executor workers;

    GrainsReports(DeclaredFunctions declared, MinionFactsCache facts, Executor workers) {
        this.declared = declared;
        this.facts = facts;
        this.workers = workers;
    }

    void reported(String minionId, GrainsReport report) {
        Slot slot = slots.computeIfAbsent(minionId, id -> new Slot());
        synchronized (slot) {
            slot.waiting = report;
            if (slot.scheduled) {
                return;
            }
            slot.scheduled = true;
        }
        workers.execute(() -> store(minionId, slot));
    }

    /** Stores the slot's reports until none waits; one worker at a time per slot, so the last one stands. */
    private void store(String minionId, Slot slot) {
        while (true) {
            GrainsReport report;
            synchronized (slot) {
                report = slot.waiting;
                slot.waiting = null;
                if (report == null) {
                    slot.scheduled = false;
                    return;
                }
            }
            try {
                // Declarations first: once a minion's grains can be targeted, its signatures are known too.
                declared.reported(minionId, report.functions());
                facts.grainsReported(minionId, report.grains());
            } catch (RuntimeException e) {
                LOG.log(Level.ERROR, "storing the grains of " + minionId + " failed", e);
            }
        }
    }
}
