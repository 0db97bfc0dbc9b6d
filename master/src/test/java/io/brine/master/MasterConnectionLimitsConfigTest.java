package io.brine.master;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.config.ConfigFile;
import io.brine.transport.RouterLimits;
import org.junit.jupiter.api.Test;

/** The listener's connection caps come from the master's YAML, with defaults and validation. */
class MasterConnectionLimitsConfigTest {

    @Test
    void connectionCapsAreReadFromTheConfigFile() {
        MasterConfig c = MasterConfig.from(ConfigFile.parse(
                "max_connections: 1000\nmax_connections_per_address: 20\n", "master.yaml"));
        assertEquals(1000, c.routerLimits().maxConnections());
        assertEquals(20, c.routerLimits().maxConnectionsPerAddress());
    }

    @Test
    void handshakeLimitsPerAddressAreReadFromTheConfigFileForAFleetBehindOneAddress() {
        MasterConfig c = MasterConfig.from(ConfigFile.parse("handshakes_per_address_burst: 20000\n"
                + "handshakes_per_address_per_second: 5000\nmax_handshakes_per_address: 20000\n", "master.yaml"));
        assertEquals(20_000, c.routerLimits().handshakesPerAddressBurst());
        assertEquals(5_000, c.routerLimits().handshakesPerAddressPerSecond());
        assertEquals(20_000, c.routerLimits().maxHandshakesPerAddress());
        RuntimeException e = assertThrows(RuntimeException.class, () -> MasterConfig.from(ConfigFile.parse(
                "timeout: 5\nhandshakes_per_address_per_second: 0\n", "master.yaml")));
        assertTrue(e.getMessage().startsWith("master.yaml:2:") && e.getMessage().contains(
                "handshakes_per_address_per_second"), e.getMessage());
    }

    @Test
    void withoutThemTheDefaultsApply() {
        assertEquals(RouterLimits.DEFAULTS, MasterConfig.defaults().routerLimits());
    }

    @Test
    void aCapOfZeroIsAnErrorNamingTheKey() {
        RuntimeException e = assertThrows(RuntimeException.class,
                () -> MasterConfig.from(ConfigFile.parse("max_connections_per_address: 0\n", "master.yaml")));
        assertTrue(e.getMessage().contains("max_connections_per_address"), e.getMessage());
    }

    @Test
    void retPortZeroIsRefusedNamingFileAndLine() {
        RuntimeException e = assertThrows(RuntimeException.class,
                () -> MasterConfig.from(ConfigFile.parse("timeout: 5\nret_port: 0\n", "master.yaml")));
        assertTrue(e.getMessage().startsWith("master.yaml:2:") && e.getMessage().contains("ret_port"), e.getMessage());
    }
}
