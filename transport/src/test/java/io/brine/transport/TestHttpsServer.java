package io.brine.transport;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * The HTTP side of a test master's HTTPS transport: the JDK's own HTTPS server handing each request to the router's
 * {@link HttpLinks} and writing its answer whenever it comes (a long poll holds no thread). The production listener
 * is Jetty's (in the http module, which the transport does not depend on); the link protocol is the same. Dealers
 * trust it through {@link TestTls#client}.
 *
 * <p>Polls can be held back ({@link #holdPolls}): a poll then waits here, never reaching the router, until
 * {@link #releasePolls}, which is how a test puts a minion deterministically between two polls.
 */
final class TestHttpsServer implements AutoCloseable {
    private static final char[] PASSWORD = "changeit".toCharArray();

    private final HttpsServer server;
    private final ExecutorService threads = Executors.newFixedThreadPool(4, r -> {
        Thread t = new Thread(r, "test-https-server");
        t.setDaemon(true);
        return t;
    });
    private final HttpLinks links;
    /** Polls held back, to be handed to the router on release; guarded by this. */
    private final List<Runnable> held = new ArrayList<>();
    private boolean holding;

    private TestHttpsServer(HttpsServer server, HttpLinks links) {
        this.server = server;
        this.links = links;
    }

    /** Serves {@code links} on 127.0.0.1 on a free port, with the certificate of {@code tls}. */
    static TestHttpsServer start(TestTls tls, HttpLinks links) throws IOException {
        HttpsServer server = HttpsServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
        server.setHttpsConfigurator(new HttpsConfigurator(tls.server()));
        TestHttpsServer served = new TestHttpsServer(server, links);
        server.createContext(HttpLinks.PATH, served::handle);
        server.setExecutor(served.threads);
        server.start();
        return served;
    }

    /** A certificate for 127.0.0.1 (made by the JDK's keytool), for the server, and trusted by the client. */
    record TestTls(SSLContext server, SSLContext client) {
        static TestTls make(Path dir) throws IOException, InterruptedException {
            KeyStore keys = certificate(dir);
            try {
                KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
                kmf.init(keys, PASSWORD);
                SSLContext server = SSLContext.getInstance("TLS");
                server.init(kmf.getKeyManagers(), null, null);
                KeyStore trusted = KeyStore.getInstance("PKCS12");
                trusted.load(null, null);
                trusted.setCertificateEntry("master", keys.getCertificate("master"));
                TrustManagerFactory tmf = TrustManagerFactory.getInstance(
                        TrustManagerFactory.getDefaultAlgorithm());
                tmf.init(trusted);
                SSLContext client = SSLContext.getInstance("TLS");
                client.init(null, tmf.getTrustManagers(), null);
                return new TestTls(server, client);
            } catch (GeneralSecurityException e) {
                throw new IOException(e);
            }
        }
    }

    /** A key pair and self-signed certificate for 127.0.0.1, made by the JDK's keytool. */
    private static KeyStore certificate(Path dir) throws IOException, InterruptedException {
        Path store = dir.resolve("https.p12");
        String keytool = Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
        Process p = new ProcessBuilder(keytool, "-genkeypair", "-alias", "master", "-keyalg", "EC", "-groupname",
                "secp256r1", "-dname", "CN=127.0.0.1", "-ext", "SAN=ip:127.0.0.1", "-validity", "2", "-keystore",
                store.toString(), "-storetype", "PKCS12", "-storepass", new String(PASSWORD), "-keypass",
                new String(PASSWORD)).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException("keytool could not make the certificate: " + output);
        }
        try (InputStream in = Files.newInputStream(store)) {
            KeyStore keys = KeyStore.getInstance("PKCS12");
            keys.load(in, PASSWORD);
            return keys;
        } catch (GeneralSecurityException e) {
            throw new IOException(e);
        }
    }

    /** The master's URL, as a dealer connects to it. */
    String url() {
        return "https://127.0.0.1:" + server.getAddress().getPort();
    }

    /** Polls arriving from now on wait here, never reaching the router, until {@link #releasePolls}. */
    synchronized void holdPolls() {
        holding = true;
    }

    /** Hands the polls held back to the router, in the order they came, and lets the next ones through. */
    void releasePolls() {
        List<Runnable> go;
        synchronized (this) {
            holding = false;
            go = new ArrayList<>(held);
            held.clear();
        }
        go.forEach(Runnable::run);
    }

    private void handle(HttpExchange exchange) throws IOException {
        byte[] body;
        try (InputStream in = exchange.getRequestBody()) {
            body = in.readAllBytes();
        }
        Runnable ask = () -> links.handle(exchange.getRequestMethod(), exchange.getRequestURI().getPath(),
                exchange.getRequestURI().getRawQuery(), exchange.getRemoteAddress().getAddress(), body,
                answer -> answer(exchange, answer));
        synchronized (this) {
            if (holding && exchange.getRequestMethod().equals("GET")) {
                held.add(ask);
                notifyAll();
                return;
            }
        }
        ask.run();
    }

    /** Waits until {@code n} polls are held here; false if they were not within {@code millis}. */
    synchronized boolean awaitHeld(int n, long millis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + millis;
        while (held.size() < n) {
            long left = deadline - System.currentTimeMillis();
            if (left <= 0) {
                return false;
            }
            wait(left);
        }
        return true;
    }

    private static void answer(HttpExchange exchange, HttpLinks.Answer answer) {
        try {
            if (answer.retryAfterSeconds() > 0) {
                exchange.getResponseHeaders().add("Retry-After", String.valueOf(answer.retryAfterSeconds()));
            }
            byte[] body = answer.body();
            exchange.sendResponseHeaders(answer.status(), body.length == 0 ? -1 : body.length);
            if (body.length > 0) {
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            }
        } catch (IOException e) {
            // the client went away: the frames stay unacknowledged and its next poll gets them again
        } finally {
            exchange.close();
        }
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
