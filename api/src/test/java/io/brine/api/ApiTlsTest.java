package io.brine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.http.PemTls;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ApiTlsTest {
    @TempDir
    Path dir;

    @Test
    void withACertificateAndKeyTheApiSpeaksOnlyHttps() throws Exception {
        Path cert = dir.resolve("api.crt");
        Path key = dir.resolve("api.key");
        selfSigned(cert, key);
        String yaml = "api: {interface: 127.0.0.1, port: 0, tls_cert: " + cert + ", tls_key: " + key + "}\n";
        try (ApiFixture cluster = ApiFixture.start(dir, yaml, trusting(cert), Duration.ofSeconds(15))) {
            String token = cluster.tokens.create("ci", null);
            assertTrue(cluster.api.address().toString().startsWith("https://127.0.0.1:"), cluster.api.address().toString());
            HttpResponse<String> r = cluster.send("GET", "/keys", token, null);
            assertEquals(200, r.statusCode(), r.body());
            assertEquals(401, cluster.send("GET", "/keys", "wrong", null).statusCode());

            HttpRequest plain = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + cluster.api.port() + "/keys"))
                    .header("Authorization", "Bearer " + token).timeout(Duration.ofSeconds(5)).build();
            assertThrows(IOException.class, () -> HttpClient.newHttpClient().send(plain, HttpResponse.BodyHandlers.ofString()));
        }
    }

    @Test
    void aKeyThatDoesNotBelongToTheCertificateIsRefusedNamingBothFiles() throws Exception {
        selfSigned(dir.resolve("a.crt"), dir.resolve("a.key"));
        selfSigned(dir.resolve("b.crt"), dir.resolve("b.key"));
        IOException e = assertThrows(IOException.class, () -> PemTls.load(dir.resolve("a.crt"), dir.resolve("b.key")));
        assertTrue(e.getMessage().contains("b.key") && e.getMessage().contains("a.crt"), e.getMessage());
    }

    @Test
    void aKeyInAnotherFormatIsRefusedWithTheCommandToConvertIt() throws Exception {
        selfSigned(dir.resolve("a.crt"), dir.resolve("a.key"));
        Files.writeString(dir.resolve("rsa.key"), "-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----\n");
        IOException e = assertThrows(IOException.class, () -> PemTls.load(dir.resolve("a.crt"), dir.resolve("rsa.key")));
        assertTrue(e.getMessage().contains("openssl pkcs8"), e.getMessage());
    }

    /** A certificate for 127.0.0.1 and its PKCS#8 key, made by openssl; the test is skipped without it. */
    private static void selfSigned(Path cert, Path key) throws Exception {
        Process p;
        try {
            p = new ProcessBuilder("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                    "-keyout", key.toString(), "-out", cert.toString()).redirectErrorStream(true).start();
        } catch (IOException e) {
            Assumptions.abort("openssl is not installed: " + e.getMessage());
            return;
        }
        String output = new String(p.getInputStream().readAllBytes());
        Assumptions.assumeTrue(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0, "openssl failed: " + output);
    }

    private static HttpClient trusting(Path cert) throws Exception {
        KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
        trusted.load(null, null);
        try (InputStream in = Files.newInputStream(cert)) {
            trusted.setCertificateEntry("api", CertificateFactory.getInstance("X.509").generateCertificate(in));
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trusted);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, tmf.getTrustManagers(), null);
        return HttpClient.newBuilder().sslContext(context).build();
    }
}
