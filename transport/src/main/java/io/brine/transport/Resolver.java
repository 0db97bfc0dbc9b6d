package io.brine.transport;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Turns a dealer's {@code tcp://host:port} into an address off the dealers' I/O thread: a lookup may wait seconds
 * for a DNS server, and every dealer of the runtime (and their heartbeats) would wait with it. Asked again on every
 * connection attempt, so a master whose name now points elsewhere is found there. A few threads at most, made when
 * a lookup is asked for and gone a minute after the last, so an idle minion holds none. Each dealer has one lookup
 * outstanding at a time, so the queue holds at most one per dealer.
 */
final class Resolver implements AutoCloseable {
    private static final int THREADS = 2;

    /** An address to connect to, or why there is none ({@code failure}). */
    record Resolution(InetSocketAddress address, String failure) {
    }

    private final ThreadPoolExecutor threads;

    Resolver(TransportRuntime runtime) {
        threads = new ThreadPoolExecutor(THREADS, THREADS, 60, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                runtime.threads("resolver"));
        threads.allowCoreThreadTimeOut(true);
    }

    /**
     * Resolves {@code endpoint} and hands the result to {@code then}, on a resolver thread; an endpoint whose host
     * is an IP address needs no lookup, and is answered on this thread without starting one (a {@code brine run}
     * on the master's host waited 20-150 ms for the thread during a restart storm).
     */
    void resolve(String endpoint, Consumer<Resolution> then) {
        if (HttpsEndpoints.isHttps(endpoint)) {
            then.accept(unresolved(endpoint));
            return;
        }
        if (isAddress(endpoint)) {
            then.accept(resolveNow(endpoint));
            return;
        }
        threads.execute(() -> then.accept(resolveNow(endpoint)));
    }

    /** Whether the endpoint's host is an IPv4 or IPv6 address, which InetAddress reads without asking DNS. */
    static boolean isAddress(String endpoint) {
        try {
            String host = ZmtpEndpoint.parse(endpoint, false).host();
            return IPV4.matcher(host).matches() || host.contains(":");
        } catch (IllegalArgumentException e) {
            return true; // answered at once too: with the reason it cannot be parsed
        }
    }

    private static final java.util.regex.Pattern IPV4 =
            java.util.regex.Pattern.compile("\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}");

    private static Resolution unresolved(String endpoint) {
        try {
            return new Resolution(HttpsEndpoints.unresolved(endpoint), null);
        } catch (IllegalArgumentException e) {
            return new Resolution(null, String.valueOf(e.getMessage()).replaceAll("\\s+", " "));
        }
    }

    static Resolution resolveNow(String endpoint) {
        try {
            ZmtpEndpoint parsed = ZmtpEndpoint.parse(endpoint, false);
            return new Resolution(new InetSocketAddress(InetAddress.getByName(parsed.host()), parsed.port()), null);
        } catch (UnknownHostException e) {
            return new Resolution(null, "its name does not resolve");
        } catch (IllegalArgumentException | SecurityException e) {
            return new Resolution(null, String.valueOf(e.getMessage()).replaceAll("\\s+", " "));
        }
    }

    @Override
    public void close() {
        threads.shutdownNow();
    }
}
