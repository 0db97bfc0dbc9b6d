package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.brine.client.BrineClient;
import io.brine.client.ClientException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EarlySessionTest {
    @TempDir
    Path root;

    @Test
    void readsTheConfigurationAndClientKeyTheWaysPicocliAccepts() {
        for (List<String> args : List.of(List.of("-c", "/a.yaml"), List.of("--config", "/a.yaml"),
                List.of("--config=/a.yaml"), List.of("-c/a.yaml"), List.of("-c=/a.yaml"),
                List.of("web*", "test.ping", "-c", "/a.yaml"))) {
            try (EarlySession s = EarlySession.start(args.toArray(String[]::new))) {
                assertEquals(Path.of("/a.yaml"), s.file(), args.toString());
                assertNull(s.clientKey(), args.toString());
            }
        }
        try (EarlySession s = EarlySession.start(new String[] {"--client-key", "/k.pem", "m1", "test.ping"});
                EarlySession t = EarlySession.start(new String[] {"--client-key=/k.pem", "m1", "--", "-c", "x"})) {
            assertEquals(Path.of(MasterConfigOption.DEFAULT_FILE), s.file());
            assertEquals(Path.of("/k.pem"), s.clientKey());
            assertEquals(Path.of(MasterConfigOption.DEFAULT_FILE), t.file(), "after --, words are arguments");
            assertEquals(Path.of("/k.pem"), t.clientKey());
        }
        assertNull(EarlySession.start(new String[] {"m1", "test.ping", "--help"}), "help never connects");
        assertNull(EarlySession.start(new String[] {"-V"}), "nor does the version");
    }

    @Test
    void theCommandTakesTheSessionOnlyForTheSameMasterAndKey() throws Exception {
        try (TestCluster c = TestCluster.start(root)) {
            String yaml = c.masterYaml.toString();
            try (EarlySession s = EarlySession.start(new String[] {"-c", yaml, "*", "test.ping"})) {
                assertNull(s.take(root.resolve("other.yaml"), null), "another configuration: not this session");
                assertNull(s.take(c.masterYaml, root.resolve("named.pem")), "another operator: not this session");
                try (BrineClient taken = s.take(c.masterYaml, null)) {
                    assertNotNull(taken);
                    assertEquals(List.of(), taken.minions(), "a working session with the master");
                    assertNull(s.take(c.masterYaml, null), "taken once");
                }
            }
            EarlySession unused = EarlySession.start(new String[] {"-c", yaml});
            unused.close();
            assertNull(unused.take(c.masterYaml, null), "closed unused");
        }
    }

    @Test
    void aMasterThatCannotBeReachedIsTheSameErrorTheCommandWouldHaveHad() throws Exception {
        try (TestCluster c = TestCluster.start(root)) {
            c.master.close(); // its keys stay, its port is closed
            try (EarlySession s = EarlySession.start(new String[] {"-c", c.masterYaml.toString()})) {
                ClientException e = assertThrows(ClientException.class, () -> s.take(c.masterYaml, null));
                assertEquals(true, e.getMessage().contains("is it running?"), e.getMessage());
            }
        }
    }
}
