package io.brine.bench;

import java.io.PrintWriter;

/** What a scenario works with: the options, the cluster at the current swarm size, and a progress channel. */
final class BenchRun {
    final BenchOptions options;
    final Cluster cluster;
    final PrintWriter progress;

    BenchRun(BenchOptions options, Cluster cluster, PrintWriter progress) {
        this.options = options;
        this.cluster = cluster;
        this.progress = progress;
    }

    void say(String format, Object... args) {
        progress.printf(format + "%n", args);
        progress.flush();
    }

    /** The reason a scenario needing the brine jar cannot run, or null if the jar is there. */
    String needsJar() {
        if (options.brineJar() == null) {
            return "needs the brine jar (run it as 'java -jar cli/target/brine.jar bench')";
        }
        return null;
    }
}
