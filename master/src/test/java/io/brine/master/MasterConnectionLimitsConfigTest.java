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
