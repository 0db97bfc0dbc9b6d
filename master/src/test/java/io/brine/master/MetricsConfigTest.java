package io.brine.master;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.brine.config.ConfigException;
import io.brine.config.ConfigFile;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code metrics: {interface, port}}: off unless given, checked as {@code api} is, and a busy port said in one line. */
class MetricsConfigTest {
    @TempDir
    Path root;

    @Test
    void metricsAreOffWithoutTheKey() {
        assertNull(MasterConfig.defaults().metrics());
    }

    @Test
    void interfaceDefaultsToLoopback() {
        MasterConfig c = MasterConfig.from(ConfigFile.parse("metrics: {port: 9506}\n", "master.yaml"));
        assertEquals(new MetricsConfig("127.0.0.1", 9506), c.metrics());
    }

    @Test
    void anUnknownSubKeyNamesFileLineAndKey() {
        ConfigException e = assertThrows(ConfigException.class, () -> MasterConfig.from(ConfigFile.parse(
                "timeout: 5\nmetrics:\n  port: 9506\n  path: /m\n", "master.yaml")));
        assertEquals("master.yaml:2: unknown key 'metrics: path'; known: interface, port", e.getMessage());
    }

    @Test
    void aMissingOrWrongPortIsRefused() {
        for (String yaml : new String[] {"metrics: {interface: 127.0.0.1}\n", "metrics: {port: 70000}\n",
            "metrics: {port: nine}\n"}) {
            ConfigException e = assertThrows(ConfigException.class,
                    () -> MasterConfig.from(ConfigFile.parse(yaml, "master.yaml")));
            assertEquals("master.yaml:1: 'metrics: port' must be a port number", e.getMessage());
        }
    }

    @Test
    void aBusyPortIsOneLineNamingTheKeyAndAddressAndNothingKeepsListening() throws Exception {
        try (ServerSocket busy = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            MasterConfig config = MasterConfig.underDirectory(root, 0)
                    .withMetrics(new MetricsConfig("127.0.0.1", busy.getLocalPort()));
            ConfigException e = assertThrows(ConfigException.class, () -> Master.start(config));
            assertEquals("metrics: cannot listen on 127.0.0.1:" + busy.getLocalPort() + " (",
                    e.getMessage().substring(0, e.getMessage().indexOf('(') + 1));
            assertEquals(-1, e.getMessage().indexOf('\n'));
        }
        // the failed start released the cachedir: a master starts there at once
        try (Master again = Master.start(MasterConfig.underDirectory(root, 0))) {
            assertEquals(true, again.metricsPort().isEmpty());
        }
    }
}
