package io.brine.client;

import io.brine.master.Master;
import io.brine.master.MasterConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A master in a process of its own, started from the test's class path ({@code MasterProcess MASTER_YAML}), for
 * tests that kill it with SIGKILL: nothing flushed, nothing said to its peers. Prints "listening" once it listens.
 */
public final class MasterProcess {
    private MasterProcess() {
    }

    public static void main(String[] args) throws Exception {
        Master master = Master.start(MasterConfig.load(Path.of(args[0])));
        System.out.println("listening on " + master.port());
        System.out.flush();
        Thread.currentThread().join(); // until killed
    }

    /** Starts one on {@code masterYaml}, its output in {@code log}, and waits until it listens. */
    static Process start(Path masterYaml, Path log) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), MasterProcess.class.getName(), masterYaml.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!Files.readString(log).contains("listening on") && p.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        if (!Files.readString(log).contains("listening on")) {
            p.destroyForcibly();
            throw new AssertionError("the master process did not start: " + Files.readString(log));
        }
        return p;
    }
}
