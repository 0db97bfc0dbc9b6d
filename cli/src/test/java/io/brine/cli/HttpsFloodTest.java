package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.bench.HttpsTarget;
import io.brine.master.TestPorts;
import io.brine.minion.Minion;
import io.brine.protocol.KeyStatus;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTTPS transport's listener under the floods the hostile suite throws at the API, from clients of the test's
 * own on the master's host, bounded in count: requests whose headers never end, bodies far over the bound, and
 * links opened and left with a long poll nobody reads. Neither it nor the ZeroMQ port falls silent: a minion over
 * each is accepted during the floods and answers.
 */
class HttpsFloodTest {
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final int SLOW_HEADERS = 48;
    private static final int OVERSIZED = 5;
    private static final int HALF_OPEN_POLLS = 64;

    @TempDir
    Path root;

    @Test
    void slowHeadersOversizedBodiesAndAbandonedPollsSilenceNeitherTheHttpsListenerNorTheZeroMqPort() throws Exception {
        int httpsPort = TestPorts.free();
        HttpsTarget certificate = HttpsTarget.make(root, httpsPort);
        List<Socket> flood = new ArrayList<>();
        try (TestCluster c = TestCluster.start(root, "auto_accept: true\n" + certificate.masterYaml())) {
            SSLContext tls = trusting(certificate.cert());
            for (int i = 0; i < SLOW_HEADERS; i++) {
                Socket s = open(tls, httpsPort, flood);
                write(s, "POST /brine/link/v1/open HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ");
            }
            int refusedUnread = 0;
            for (int i = 0; i < OVERSIZED; i++) {
                Socket s = open(tls, httpsPort, flood);
                write(s, "POST /brine/link/v1/" + "0".repeat(32) + "/frames?seq=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                        + "Content-Length: 1073741824\r\n\r\n");
                refusedUnread += statusLine(s).contains(" 413 ") ? 1 : 0;
            }
            assertEquals(OVERSIZED, refusedUnread, "a body far over the bound is refused before it is read");
            for (int i = 0; i < HALF_OPEN_POLLS; i++) {
                Socket s = open(tls, httpsPort, flood);
                write(s, "POST /brine/link/v1/open HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n");
                String token = body(s, 32);
                write(s, "GET /brine/link/v1/" + token + "/frames?ack=0&wait=25 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
            }

            Minion web = c.addMinion("web1", m -> m.withHttps(List.of("https://127.0.0.1:" + httpsPort),
                    certificate.cert(), null));
            Minion db = c.addMinion("db1");
            TestCluster.awaitStatus(web, KeyStatus.ACCEPTED, WAIT);
            TestCluster.awaitStatus(db, KeyStatus.ACCEPTED, WAIT);
            TestCluster.CliResult run = c.cli("run", "--timeout", "10", "*", "test.ping");
            assertEquals(0, run.exit(), run.out() + run.err());
            assertTrue(run.out().contains("web1") && run.out().contains("db1"), run.out());
        } finally {
            for (Socket s : flood) {
                s.close();
            }
        }
    }

    private static Socket open(SSLContext tls, int port, List<Socket> all) throws IOException {
        SSLSocket s = (SSLSocket) tls.getSocketFactory().createSocket("127.0.0.1", port);
        all.add(s);
        s.setSoTimeout((int) WAIT.toMillis());
        s.startHandshake();
        return s;
    }

    private static void write(Socket s, String text) throws IOException {
        OutputStream out = s.getOutputStream();
        out.write(text.getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    /** The response's status line. */
    private static String statusLine(Socket s) throws IOException {
        return head(s.getInputStream()).split("\r\n", 2)[0];
    }

    /** The body of a response whose body is {@code length} bytes (a link's token). */
    private static String body(Socket s, int length) throws IOException {
        InputStream in = s.getInputStream();
        String head = head(in);
        assertTrue(head.startsWith("HTTP/1.1 200"), head);
        return new String(in.readNBytes(length), StandardCharsets.US_ASCII);
    }

    private static String head(InputStream in) throws IOException {
        StringBuilder out = new StringBuilder();
        while (!out.toString().endsWith("\r\n\r\n") && out.length() < 8192) {
            int b = in.read();
            if (b < 0) {
                break;
            }
            out.append((char) b);
        }
        return out.toString();
    }

    private static SSLContext trusting(Path cert) throws Exception {
        KeyStore trusted = KeyStore.getInstance("PKCS12");
        trusted.load(null, null);
        try (InputStream in = java.nio.file.Files.newInputStream(cert)) {
            trusted.setCertificateEntry("https", CertificateFactory.getInstance("X.509").generateCertificate(in));
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trusted);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, tmf.getTrustManagers(), null);
        return context;
    }
}
