package io.brine.minion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.config.ConfigException;
import io.brine.config.ConfigFile;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The minion config's masterless keys, in Salt's shapes, accepted beside the rest of a minion config. */
class MasterlessConfigTest {
    @Test
    void readsSaltsShapesAndTheMinionConfigAcceptsThem() {
        ConfigFile c = ConfigFile.parse("id: img1\nfile_client: local\nfile_roots:\n  base: [/srv/a, /srv/b]\n"
                + "pillar_roots: {base: [/srv/p]}\n", "inline");
        MinionConfig minion = MinionConfig.from(c);
        MasterlessConfig local = MasterlessConfig.from(c);
        assertEquals("img1", minion.id());
        assertTrue(local.local());
        assertEquals(List.of(Path.of("/srv/a"), Path.of("/srv/b")), local.fileRoots());
        assertEquals(List.of(Path.of("/srv/p")), local.pillarRoots());
    }

    @Test
    void defaultsAreRemoteWithBrinesRoots() {
        MasterlessConfig local = MasterlessConfig.from(ConfigFile.parse("id: m1\n", "inline"));
        assertFalse(local.local());
        assertEquals(List.of(Path.of("/srv/brine/states")), local.fileRoots());
        assertEquals(List.of(Path.of("/srv/brine/pillar")), local.pillarRoots());
    }

    @Test
    void badValuesAreErrorsNamingTheirKey() {
        ConfigException client = assertThrows(ConfigException.class,
                () -> MasterlessConfig.from(ConfigFile.parse("file_client: nearby\n", "inline")));
        assertTrue(client.getMessage().contains("file_client"), client.getMessage());
        ConfigException env = assertThrows(ConfigException.class,
                () -> MasterlessConfig.from(ConfigFile.parse("file_roots: {prod: [/srv]}\n", "inline")));
        assertTrue(env.getMessage().contains("file_roots") && env.getMessage().contains("prod"), env.getMessage());
        ConfigException missing = assertThrows(ConfigException.class, () -> MasterlessConfig.from(
                ConfigFile.parse("pillar_roots: {base: [/no/such/dir]}\n", "inline")).requireRoots(false, true));
        assertTrue(missing.getMessage().contains("pillar_roots: /no/such/dir is not a directory"),
                missing.getMessage());
    }
}
