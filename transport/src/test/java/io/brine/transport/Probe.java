package io.brine.transport;

import java.util.ArrayList;
import java.util.List;

/**
 * What a legit peer sees of the master while something else goes on: echo round trips of an established client
 * and complete handshakes of brand-new minions, each in milliseconds.
 */
final class Probe {
    final List<Double> roundTrips = new ArrayList<>();
    final List<Double> handshakes = new ArrayList<>();
    private final EchoMaster master;
    private final String name;

    Probe(EchoMaster master, String name) {
        this.master = master;
        this.name = name;
    }

    /** Probes for {@code millis} (at least one round of each); every 10th probe is a fresh handshake. */
    Probe run(long millis) throws InterruptedException {
        master.freshHandshakeMillis(name + "-warm"); // the first one loads classes on this JVM: not the master's doing
        long end = System.nanoTime() + millis * 1_000_000;
        int i = 0;
        do {
            if (i++ % 10 == 0) {
                handshakes.add(master.freshHandshakeMillis(name + "-" + i));
            } else {
                roundTrips.add(master.roundTripMillis());
                Thread.sleep(20);
            }
        } while (System.nanoTime() < end);
        return this;
    }

    double worst() {
        return Math.max(EchoMaster.max(roundTrips), EchoMaster.max(handshakes));
    }

    @Override
    public String toString() {
        return name + ": round trip median " + String.format("%.2f", EchoMaster.median(roundTrips)) + " ms (max "
                + String.format("%.1f", EchoMaster.max(roundTrips)) + ", n=" + roundTrips.size()
                + "), fresh handshake median " + String.format("%.1f", EchoMaster.median(handshakes)) + " ms (max "
                + String.format("%.1f", EchoMaster.max(handshakes)) + ", n=" + handshakes.size() + ")";
    }
}
