package io.brine.transport;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.ProxySelector;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.time.Duration;
import java.util.Collection;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * How a dealer reaches masters over HTTPS: whom it trusts for TLS (the system's CAs, or those of a PEM file) and the
 * HTTP CONNECT proxy it goes through, if any. TLS is only the carrier: the master is still proven by its Noise key
 * ({@code master_finger}). One of these holds one HTTP client, which every dealer given it shares (a swarm of a
 * thousand minions in one process opens connections, not a thousand clients).
 *
 * <pre>{@code
 * HttpsOptions https = HttpsOptions.of(Path.of("/etc/brine/ca.pem"), new InetSocketAddress("proxy", 3128));
 * new DealerEndpoint(runtime, List.of("https://master:4520"), key, hello, check, settings, https);
 * }</pre>
 */
public final class HttpsOptions {
    /** Trusts the system's CAs, with no proxy. */
    public static final HttpsOptions SYSTEM = new HttpsOptions(null, null);

    private final SSLContext tls;
    private final InetSocketAddress proxy;
    private volatile HttpClient client;
    /** Threads that send the requests of the links given these options, blocking; idle ones end after a minute. */
    private final java.util.concurrent.ExecutorService requests = new java.util.concurrent.ThreadPoolExecutor(0,
            Integer.MAX_VALUE, 60, java.util.concurrent.TimeUnit.SECONDS, new java.util.concurrent.SynchronousQueue<>(),
            r -> {
                Thread t = new Thread(r, "brine-https-request");
                t.setDaemon(true);
                return t;
            });

    private HttpsOptions(SSLContext tls, InetSocketAddress proxy) {
        this.tls = tls;
        this.proxy = proxy;
    }

    /**
     * Trusts the certificates of {@code caFile} (PEM; null for the system's CAs) and goes through {@code proxy}
     * (null for none).
     */
    public static HttpsOptions of(Path caFile, InetSocketAddress proxy) throws IOException {
        return new HttpsOptions(caFile == null ? null : trusting(caFile), proxy);
    }

    /** Trusts {@code tls}'s trust managers (tests with a CA of their own), through {@code proxy} if not null. */
    public static HttpsOptions of(SSLContext tls, InetSocketAddress proxy) {
        return new HttpsOptions(tls, proxy);
    }

    /**
     * Waits before a request is tried again (after a failure, or a 503): one thread, gone when idle. Not
     * CompletableFuture's delayed executor, which on a 1- or 2-core machine starts a thread for every task.
     */
    private final java.util.concurrent.ScheduledThreadPoolExecutor retries = retryTimer();

    private static java.util.concurrent.ScheduledThreadPoolExecutor retryTimer() {
        java.util.concurrent.ScheduledThreadPoolExecutor t = new java.util.concurrent.ScheduledThreadPoolExecutor(1,
                r -> {
                    Thread thread = new Thread(r, "brine-https-retry");
                    thread.setDaemon(true);
                    return thread;
                });
        t.setKeepAliveTime(60, java.util.concurrent.TimeUnit.SECONDS);
        t.allowCoreThreadTimeOut(true);
        t.setRemoveOnCancelPolicy(true);
        return t;
    }

    /** Runs {@code task} after {@code millis}. */
    void later(Runnable task, long millis) {
        retries.schedule(task, millis, java.util.concurrent.TimeUnit.MILLISECONDS);
    }

    /**
     * Where links send their requests: at most a poll and a post per link at once, so its threads are bounded by
     * twice the links open, and reused between requests.
     */
    java.util.concurrent.Executor requests() {
        return requests;
    }

    HttpClient client() {
        HttpClient c = client;
        if (c == null) {
            synchronized (this) {
                c = client;
                if (c == null) {
                    HttpClient.Builder b = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                            .connectTimeout(Duration.ofSeconds(10)).followRedirects(HttpClient.Redirect.NEVER);
                    if (tls != null) {
                        b.sslContext(tls);
                    }
                    if (proxy != null) {
                        b.proxy(ProxySelector.of(proxy));
                    }
                    c = b.build();
                    client = c;
                }
            }
        }
        return c;
    }

    private static SSLContext trusting(Path caFile) throws IOException {
        try (InputStream in = Files.newInputStream(caFile)) {
            Collection<? extends Certificate> cas = java.security.cert.CertificateFactory.getInstance("X.509")
                    .generateCertificates(in);
            if (cas.isEmpty()) {
                throw new IOException(caFile + " holds no PEM certificate");
            }
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            int i = 0;
            for (Certificate ca : cas) {
                store.setCertificateEntry("ca" + i++, ca);
            }
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(store);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, tmf.getTrustManagers(), null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IOException(caFile + " is not a PEM certificate file: " + e.getMessage(), e);
        }
    }
}
