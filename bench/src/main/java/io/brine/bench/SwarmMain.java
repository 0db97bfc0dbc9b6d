package io.brine.bench;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A child JVM hosting part of a large swarm: {@code SwarmMain ROOT PORT FIRST COUNT [FAILOVER_PORT [HTTPS_PORT
 * CERT KEY]]} starts minions {@code mFIRST..} against the master on PORT (failing over to the one on FAILOVER_PORT,
 * if not 0; over HTTPS to HTTPS_PORT trusting CERT, if given), prints
 * "ready", and stops them when its standard input closes (so it never outlives the benchmark that started it).
 */
public final class SwarmMain {
    private SwarmMain() {
    }

    public static void main(String[] args) throws IOException {
        ChildLogging.warningsOnly();
        Path root = Path.of(args[0]);
        int port = Integer.parseInt(args[1]);
        int first = Integer.parseInt(args[2]);
        int count = Integer.parseInt(args[3]);
        int failoverPort = args.length > 4 ? Integer.parseInt(args[4]) : 0;
        HttpsTarget https = args.length > 7
                ? new HttpsTarget(Integer.parseInt(args[5]), Path.of(args[6]), Path.of(args[7])) : null;
        List<String> ids = new ArrayList<>(count);
        for (int i = first; i < first + count; i++) {
            ids.add(MinionDirs.id(i));
        }
        try (InProcessSwarm swarm = InProcessSwarm.start(root, port, failoverPort, https, ids)) {
            System.out.println("ready " + swarm.size());
            System.out.flush();
            InputStream in = System.in;
            while (in.read() >= 0) {
                // wait for the parent to close our stdin
            }
        }
        System.exit(0);
    }
}
