package io.brine.master;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.brine.config.ConfigException;
import io.brine.config.ConfigFile;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** {@code https: {interface, port, tls_cert, tls_key}}: off unless given, TLS always, and checked as {@code api} is. */
class HttpsConfigTest {
    @Test
    void theHttpsTransportIsOffWithoutTheKey() {
        assertNull(MasterConfig.defaults().https());
    }

    @Test
    void itListensOnEveryAddressUnlessToldOtherwise() {
        MasterConfig c = MasterConfig.from(ConfigFile.parse(
                "https: {port: 4520, tls_cert: /etc/brine/https.crt, tls_key: /etc/brine/https.key}\n", "master.yaml"));
        assertEquals(new HttpsConfig("0.0.0.0", 4520, Path.of("/etc/brine/https.crt"),
                Path.of("/etc/brine/https.key")), c.https());
    }

    @Test
    void whatCannotWorkIsRefusedNamingFileLineAndKey() {
        assertEquals("master.yaml:2: unknown key 'https: path'; known: interface, port, tls_cert, tls_key",
                refusal("timeout: 5\nhttps: {port: 4520, tls_cert: a, tls_key: b, path: /x}\n"));
        assertEquals("master.yaml:1: 'https' needs tls_cert and tls_key (PEM files): the transport is TLS only",
                refusal("https: {port: 4520}\n"));
        assertEquals("master.yaml:1: 'https: port' must be a port number",
                refusal("https: {port: 70000, tls_cert: a, tls_key: b}\n"));
    }

    private static String refusal(String yaml) {
        return assertThrows(ConfigException.class, () -> MasterConfig.from(ConfigFile.parse(yaml, "master.yaml")))
                .getMessage();
    }
}
