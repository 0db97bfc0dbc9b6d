package io.brine.master;

import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Ports for tests that must write a port into a configuration file before anything listens on it (a configuration
 * file cannot say 0). Binding port 0, closing the socket and using its number is not enough once two test JVMs run
 * at once: the kernel may hand the same port to the other JVM (for its own "free" port, or as the local port of an
 * outgoing connection) before this test's server binds it, which is how two forks once met on one port. So each
 * surefire fork ({@code brine.test.fork}, which the build sets from {@code ${surefire.forkNumber}}) takes ports from
 * a range of its own, below the kernel's ephemeral range (32768 and up by default: never handed out for port 0 or an
 * outgoing connection), one after the other, skipping any that something else holds.
 */
public final class TestPorts {
    /** The first port of fork 0 (a JVM run outside surefire); fork N starts N spans later. */
    private static final int FIRST = 10_000;
    /** Ports per fork: forks 0 to 9 take 10000 to 29999. */
    private static final int SPAN = 2_000;
    private static final int BASE = FIRST + SPAN * Math.floorMod(Integer.getInteger("brine.test.fork", 0), 10);
    private static final AtomicInteger NEXT = new AtomicInteger();

    private TestPorts() {
    }

    /** A loopback port no test of any fork has taken yet and nothing listens on now. */
    public static int free() throws IOException {
        for (int tried = 0; tried < SPAN; tried++) {
            int port = BASE + Math.floorMod(NEXT.getAndIncrement(), SPAN);
            try (ServerSocket s = new ServerSocket()) {
                s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1);
                return port;
            } catch (BindException taken) {
                // something outside the tests holds it: the next one
            }
        }
        throw new IOException("no free port in " + BASE + " to " + (BASE + SPAN - 1));
    }
}
