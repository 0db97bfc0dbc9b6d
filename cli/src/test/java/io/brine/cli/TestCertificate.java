package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** A throwaway certificate for 127.0.0.1 and its PKCS#8 key, made by openssl; it serves as its own CA. */
record TestCertificate(Path cert, Path key) {
    static TestCertificate make(Path dir) throws Exception {
        Path cert = dir.resolve("https.crt");
        Path key = dir.resolve("https.key");
        Process p = new ProcessBuilder("openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt",
                "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1", "-addext",
                "subjectAltName=IP:127.0.0.1", "-keyout", key.toString(), "-out", cert.toString())
                .redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0, "openssl: " + output);
        return new TestCertificate(cert, key);
    }

    /** The master's {@code https:} section, listening on loopback at {@code port}. */
    String httpsConfig(int port) {
        return "https:\n  interface: 127.0.0.1\n  port: " + port + "\n  tls_cert: " + cert + "\n  tls_key: " + key
                + "\n";
    }
}
