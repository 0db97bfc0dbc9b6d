package io.brine.bench;

import io.brine.minion.MinionConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Where minions reach a master on loopback over HTTPS: its {@code https:} port and a throwaway certificate (made by
 * openssl for 127.0.0.1) they trust as their {@code ca_file}. The bench's swarm uses it, and so do the tests of the
 * HTTPS transport.
 */
public record HttpsTarget(int port, Path cert, Path key) {
    /** Makes the certificate under {@code root} for a master that will listen on {@code port}. */
    public static HttpsTarget make(Path root, int port) throws IOException, InterruptedException {
        Path cert = root.resolve("https.crt");
        Path key = root.resolve("https.key");
        Process p = new ProcessBuilder("openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt",
                "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1", "-addext",
                "subjectAltName=IP:127.0.0.1", "-keyout", key.toString(), "-out", cert.toString())
                .redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0 || !Files.exists(cert)) {
            throw new IOException("openssl could not make the HTTPS certificate: " + output);
        }
        return new HttpsTarget(port, cert, key);
    }

    /** The master's {@code https:} section. */
    public String masterYaml() {
        return "https:\n  interface: 127.0.0.1\n  port: " + port + "\n  tls_cert: " + cert + "\n  tls_key: " + key
                + "\n";
    }

    MinionConfig apply(MinionConfig c) {
        return c.withHttps(List.of("https://127.0.0.1:" + port), cert, null);
    }
}
