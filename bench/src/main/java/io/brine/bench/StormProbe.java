package io.brine.bench;

import io.brine.master.Job;
import io.brine.master.JobSpec;
import io.brine.master.Master;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;

/**
 * An operator's ping during a restart storm: while the swarm reconnects, a minion that is already back is pinged
 * again and again through the master's client, and each answer timed. The question is whether the master stays
 * responsive while thousands of handshakes queue up (target: every answer within 1 s). Only answered pings are
 * samples; a ping without an answer is counted as missing.
 */
final class StormProbe implements AutoCloseable {
    private static final Duration PING_TIMEOUT = Duration.ofSeconds(5);
    private final Master master;
    private final List<String> back = new CopyOnWriteArrayList<>();
    private final List<Long> nanos = new CopyOnWriteArrayList<>();
    private final Thread thread;
    private volatile boolean done;
    private volatile int missing;

    StormProbe(Master master) {
        this.master = master;
        this.thread = new Thread(this::probe, "storm-probe");
        thread.setDaemon(true);
        thread.start();
    }

    /** A minion answered for the first time since the restart: it may be pinged now. */
    void back(String id) {
        back.add(id);
    }

    private void probe() {
        try {
            while (!done) {
                if (back.isEmpty()) {
                    Thread.sleep(20); // nobody back yet; the storm has only begun
                    continue;
                }
                String id = back.get(ThreadLocalRandom.current().nextInt(back.size()));
                long t0 = System.nanoTime();
                Job r = master.client().call(JobSpec.of(id, "test.ping").withTimeout(PING_TIMEOUT));
                if (r.returns().containsKey(id)) {
                    nanos.add(System.nanoTime() - t0);
                } else {
                    missing++;
                }
                Thread.sleep(200); // an operator's pace, not a load of its own
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The answered pings' times, once the storm is over. */
    List<Long> samples() {
        return new ArrayList<>(nanos);
    }

    int missing() {
        return missing;
    }

    @Override
    public void close() throws InterruptedException {
        done = true;
        thread.join(PING_TIMEOUT.toMillis() + 1000);
    }
}
