package io.brine.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigFileTest {

    @Test
    void readsTypedValuesWithFallbacks() {
        ConfigFile c = ConfigFile.parse("interface: 127.0.0.1\nret_port: 4606\nauto_accept: true\n"
                + "file_roots:\n  base: [/srv/brine]\n", "master.yaml");
        assertEquals("127.0.0.1", c.string("interface", "0.0.0.0"));
        assertEquals(4606, c.port("ret_port", 4506));
        assertEquals(4505, c.port("publish_port", 4505));
        assertTrue(c.bool("auto_accept", false));
        assertEquals(Map.of("base", List.of("/srv/brine")), c.map("file_roots"));
    }

    @Test
    void unknownKeyIsNamedWithFileAndLine() {
        ConfigFile c = ConfigFile.parse("interface: 127.0.0.1\npublsh_port: 1\n", "master.yaml");
        ConfigException e = assertThrows(ConfigException.class, () -> c.rejectUnknown(Set.of("interface")));
        assertTrue(e.getMessage().startsWith("master.yaml:2: unknown key 'publsh_port'"), e.getMessage());
    }

    @Test
    void badYamlReportsFileAndLine() {
        ConfigException e = assertThrows(ConfigException.class,
                () -> ConfigFile.parse("a: 1\nb: [unclosed\nc: 2\n", "minion.yaml"));
        assertTrue(e.getMessage().startsWith("minion.yaml:"), e.getMessage());
        assertTrue(e.getMessage().contains("invalid YAML"), e.getMessage());
    }

    @Test
    void wrongTypeAndRangeAreErrorsAtTheKeysLine() {
        ConfigFile c = ConfigFile.parse("x: 1\nret_port: 99999\nauto_accept: maybe\n", "m.yaml");
        assertEquals("m.yaml:2: 'ret_port' must be between 0 and 65535, not 99999",
                assertThrows(ConfigException.class, () -> c.port("ret_port", 1)).getMessage());
        assertEquals("m.yaml:3: 'auto_accept' must be true or false",
                assertThrows(ConfigException.class, () -> c.bool("auto_accept", false)).getMessage());
    }

    @Test
    void duplicateKeysAreRejected() {
        assertThrows(ConfigException.class, () -> ConfigFile.parse("a: 1\na: 2\n", "d.yaml"));
    }

    @Test
    void emptyFileIsEmptyConfigAndMissingFileIsNamed(@TempDir Path dir) throws Exception {
        Path empty = Files.writeString(dir.resolve("empty.yaml"), "");
        assertEquals("x", ConfigFile.load(empty).string("id", "x"));
        ConfigException e = assertThrows(ConfigException.class, () -> ConfigFile.load(dir.resolve("nope.yaml")));
        assertTrue(e.getMessage().contains("nope.yaml"), e.getMessage());
    }

    @Test
    void topLevelListIsNotAConfig() {
        assertThrows(ConfigException.class, () -> ConfigFile.parse("- a\n- b\n", "l.yaml"));
    }
}
