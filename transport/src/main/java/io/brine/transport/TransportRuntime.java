package io.brine.transport;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The threads of one transport: the I/O thread every dealer made with it shares, and the names of the threads
 * its routers start. Whoever starts a master, a minion or a CLI command makes one and passes it in; nothing is
 * shared through statics, so two masters and several minions in one JVM hold no hidden state in common.
 *
 * <p>Many dealers on one runtime cost one thread (see {@link DealerLoop}): a benchmark swarm of 1,000 minions
 * passes them all the same runtime. Every thread of a runtime has its name in its own ({@code brine-...@NAME}),
 * so a test or an operator can tell whose it is. Closing the runtime stops the dealers' thread; a router's own
 * threads end with the router.
 *
 * <pre>{@code
 * try (TransportRuntime runtime = new TransportRuntime("web1")) {
 *     DealerEndpoint dealer = new DealerEndpoint(runtime, "tcp://master:4506", key, hello, check, settings);
 *     dealer.start(listener);
 * }
 * }</pre>
 */
public final class TransportRuntime implements AutoCloseable {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._:@-]{1,255}");

    private final String name;
    private DealerLoop dealers;
    private Resolver resolver;
    private int dealerUsers;
    private boolean closed;

    /** @param name what this runtime's thread names end with: letters, digits and {@code ._:@-}, up to 255 */
    public TransportRuntime(String name) {
        Objects.requireNonNull(name, "name");
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("a runtime name is 1 to 255 letters, digits or ._:@- : '" + name + "'");
        }
        this.name = name;
    }

    public String name() {
        return name;
    }

    /** The name of this runtime's thread doing {@code role}: {@code brine-ROLE@NAME}. */
    public String threadName(String role) {
        return "brine-" + role + "@" + name;
    }

    /** A daemon thread of this runtime, named after {@code role}, not started. */
    public Thread newThread(String role, Runnable work) {
        Thread t = new Thread(work, threadName(role));
        t.setDaemon(true);
        return t;
    }

    /** A thread factory for a pool of this runtime whose threads do {@code role}. */
    public java.util.concurrent.ThreadFactory threads(String role) {
        return work -> newThread(role, work);
    }

    /**
     * The dealers' loop, started by its first dealer; pair with {@link #releaseDealerLoop}. The loop stops when
     * its last dealer closes, so a runtime whose dealers are all closed holds no thread.
     */
    synchronized DealerLoop acquireDealerLoop() {
        if (closed) {
            throw new IllegalStateException("transport runtime " + name + " is closed");
        }
        if (dealers == null) {
            dealers = new DealerLoop(threadName("dealers"));
        }
        if (resolver == null) {
            resolver = new Resolver(this);
        }
        dealerUsers++;
        return dealers;
    }

    /** Where the dealers of this runtime resolve their master's name; made with the dealers' loop. */
    synchronized Resolver resolver() {
        return resolver;
    }

    synchronized void releaseDealerLoop(DealerLoop loop) {
        if (loop == dealers && --dealerUsers == 0) {
            dealers = null;
            loop.close();
        }
    }

    /** Stops the dealers' thread, closing whatever dealers are still open on it. */
    @Override
    public void close() {
        DealerLoop loop;
        synchronized (this) {
            closed = true;
            if (resolver != null) {
                resolver.close();
                resolver = null;
            }
            loop = dealers;
            dealers = null;
            dealerUsers = 0;
        }
        if (loop != null) {
            loop.close();
        }
    }

    @Override
    public String toString() {
        return "transport runtime " + name;
    }
}
