package io.brine.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Stops a swarm before it exhausts the machine's threads. Every thread of every process counts against the
 * kernel's pid_max (32,768 here) and the machine is shared. A swarm's minions share their process's dealer,
 * job, deadline and event-socket threads, so this should never trip; it guards against a regression that
 * gives each minion threads of its own again.
 */
final class ThreadBudget {
    private static final double SHARE = 0.7;

    private ThreadBudget() {
    }

    static void check(String during) {
        long total;
        long max;
        try {
            // readAllLines, not readString: the JDK reads sysctl files by their reported size and gets one byte
            String loadavg = Files.readAllLines(Path.of("/proc/loadavg")).get(0).trim();
            total = Long.parseLong(loadavg.split("\\s+")[3].split("/")[1]);
            max = Long.parseLong(Files.readAllLines(Path.of("/proc/sys/kernel/pid_max")).get(0).trim());
        } catch (IOException | RuntimeException e) {
            return; // not Linux: nothing to check against
        }
        if (total > SHARE * max) {
            throw new IllegalStateException("stopped " + during + ": " + total + " threads in use on this machine, of "
                    + max + " (pid_max)");
        }
    }
}
