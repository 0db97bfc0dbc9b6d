package io.brine.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Part of a large swarm hosted by a child JVM ({@link SwarmMain}), to stay under the per-process descriptor limit.
 *
 * <p>The child runs at a lower scheduling priority. In production every minion has a machine of its own and the
 * master's processors are the master's; here thousands of simulated minions share two cores with it, and at
 * equal priority a restart storm measured the swarm's handshakes starving the master's accept loop (3,800
 * connections queued unaccepted, minions timing out and reconnecting to the back of the queue) rather than
 * the master's own capacity.
 */
final class ChildSwarm implements Swarm {
    private final JavaProcess process;
    private final int size;

    private ChildSwarm(JavaProcess process, int size) {
        this.process = process;
        this.size = size;
    }

    /** Starts the child JVM; {@link #awaitReady} waits for its minions, so that several children start at once. */
    static ChildSwarm launch(Path root, int masterPort, int first, int count) throws IOException {
        return launch(root, masterPort, 0, first, count);
    }

    /** As above, its minions failing over to the master on {@code failoverPort} when it is not 0. */
    static ChildSwarm launch(Path root, int masterPort, int failoverPort, int first, int count) throws IOException {
        return launch(root, masterPort, failoverPort, null, first, count);
    }

    /** As above, its minions reaching the master over HTTPS when {@code https} is not null. */
    static ChildSwarm launch(Path root, int masterPort, int failoverPort, HttpsTarget https, int first, int count)
            throws IOException {
        List<String> args = new java.util.ArrayList<>(List.of("-cp", System.getProperty("java.class.path"),
                SwarmMain.class.getName(), root.toString(), Integer.toString(masterPort), Integer.toString(first),
                Integer.toString(count), Integer.toString(failoverPort)));
        if (https != null) {
            args.addAll(List.of(Integer.toString(https.port()), https.cert().toString(), https.key().toString()));
        }
        return new ChildSwarm(JavaProcess.startNiced(List.of("-Xss512k"), args,
                root.resolve("swarm-" + first + ".log")), count);
    }

    void awaitReady() throws IOException {
        try {
            process.awaitLine("ready");
        } catch (IOException e) {
            process.close();
            throw e;
        }
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public void close() {
        process.close();
    }
}
