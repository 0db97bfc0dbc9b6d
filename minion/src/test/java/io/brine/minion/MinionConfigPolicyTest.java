package io.brine.minion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.config.ConfigException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MinionConfigPolicyTest {
    @TempDir
    Path dir;

    @Test
    void theAllowListsAreReadFromTheConfig() throws Exception {
        MinionConfig c = MinionConfig.load(Files.writeString(dir.resolve("minion.yaml"), "id: g1\n"
                + "functions_allowed: ['test.*', 'cmd.run']\nfunctions_denied: ['test.sleep']\n"
                + "cmd_allowed: ['systemctl (start|stop) [a-z]+']\n"));
        assertEquals(Optional.empty(), c.functionPolicy().functionRefusal("test.ping"));
        assertTrue(c.functionPolicy().functionRefusal("test.sleep").orElseThrow().contains("functions_denied"));
        assertTrue(c.functionPolicy().functionRefusal("state.apply").isPresent());
        assertEquals(Optional.empty(), c.functionPolicy().refusal("cmd.run", "systemctl stop nginx"));
        assertTrue(c.functionPolicy().refusal("cmd.run", "systemctl stop nginx; id").isPresent(), "full match only");
    }

    @Test
    void withoutTheKeysEverythingMayRun() throws Exception {
        MinionConfig c = MinionConfig.load(Files.writeString(dir.resolve("minion.yaml"), "id: g1\n"));
        assertEquals(Optional.empty(), c.functionPolicy().refusal("cmd.run", "anything at all"));
    }

    /** Templates probe the file system openly, but for the minion's keys, unless the owner set file_roots_allowed. */
    @Test
    void templatesProbeOpenlyUnlessTheOwnerSetFileRootsAllowed() throws Exception {
        MinionConfig open = MinionConfig.load(Files.writeString(dir.resolve("open.yaml"), "id: g1\npki_dir: /k\n"));
        assertEquals(new io.brine.functions.FileProbes(true, java.util.List.of(Path.of("/k"))),
                MinionFileProbes.of(open));
        MinionConfig narrowed = MinionConfig.load(Files.writeString(dir.resolve("narrow.yaml"), "id: g1\n"
                + "file_roots_allowed: [/srv/brine]\n"));
        assertEquals(io.brine.functions.FileProbes.CONFINED, MinionFileProbes.of(narrowed));
    }

    @Test
    void aBadPatternIsAnErrorNamingTheFileAndLine() throws Exception {
        Path file = Files.writeString(dir.resolve("minion.yaml"), "id: g1\n\ncmd_allowed: ['(unclosed']\n");
        ConfigException e = assertThrows(ConfigException.class, () -> MinionConfig.load(file));
        assertTrue(e.getMessage().contains(file.toString()) && e.getMessage().contains("3"), e.getMessage());
        assertTrue(e.getMessage().contains("cmd_allowed"), e.getMessage());
    }
}
