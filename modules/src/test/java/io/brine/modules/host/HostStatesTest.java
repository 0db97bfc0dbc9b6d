package io.brine.modules.host;

import static io.brine.states.Outcomes.anyChanges;
import static io.brine.states.Outcomes.state;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.states.StateEngine;
import io.brine.states.StateOutcome;
import io.brine.states.StateTree;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The host states against a copy of a hosts file; the real /etc/hosts is never touched. */
class HostStatesTest {
    static final String HOSTS = """
        127.0.0.1   localhost
        # the database
        10.0.0.5    db # primary
        ::1 localhost ip6-localhost
        """;

    @TempDir Path treeDir;
    @TempDir Path dir;
    Path hosts;
    StateTree tree;
    StateEngine engine;

    @BeforeEach
    void setUp() throws Exception {
        hosts = Files.writeString(dir.resolve("hosts"), HOSTS);
        tree = new StateTree(treeDir);
        engine = StateEngine.of(List.of(new HostStates(hosts)));
    }

    /** Test mode first (nothing written, the diff predicted), then for real, then nothing left to do. */
    private Map<String, Object> converge(String id, String function, String sls) throws Exception {
        tree.file("t.sls", sls);
        String original = Files.readString(hosts);
        StateOutcome dry = engine.apply(tree.testJob("t"));
        Map<String, Object> predicted = state(dry, id, function);
        assertNull(predicted.get("result"), () -> dry.ret().toString());
        assertEquals(original, Files.readString(hosts));
        StateOutcome first = engine.apply(tree.job("t"));
        assertTrue(first.success(), () -> first.ret().toString());
        Map<String, Object> result = state(first, id, function);
        assertEquals(predicted.get("changes"), result.get("changes"));
        StateOutcome second = engine.apply(tree.job("t"));
        assertTrue(second.success(), () -> second.ret().toString());
        assertFalse(anyChanges(second), () -> second.ret().toString());
        return result;
    }

    @Test
    void presentAddsTheNameToAnExistingAddressAndANewOne() throws Exception {
        Map<String, Object> result = converge("db.internal", "host.present", """
            db.internal:
              host.present:
                - ip: [10.0.0.5, 10.0.0.6]
            """);
        assertEquals("""
            127.0.0.1   localhost
            # the database
            10.0.0.5\tdb db.internal # primary
            ::1 localhost ip6-localhost
            10.0.0.6\tdb.internal
            """, Files.readString(hosts));
        assertEquals("Added host db.internal (10.0.0.5, 10.0.0.6)", result.get("comment"));
        assertTrue(((Map<?, ?>) result.get("changes")).get("diff").toString().contains("+10.0.0.6\tdb.internal"));
    }

    @Test
    void presentWithCleanMovesTheName() throws Exception {
        converge("db", "host.present", "db:\n  host.present:\n    - ip: 10.0.0.7\n    - clean: true\n");
        assertEquals("127.0.0.1   localhost\n# the database\n::1 localhost ip6-localhost\n10.0.0.7\tdb\n",
                Files.readString(hosts));
    }

    @Test
    void absentRemovesTheNameAndAnEntryLeftEmpty() throws Exception {
        converge("localhost", "host.absent", "localhost:\n  host.absent:\n    - ip: ['::1']\n");
        assertEquals("127.0.0.1   localhost\n# the database\n10.0.0.5    db # primary\n::1\tip6-localhost\n",
                Files.readString(hosts));
        converge("db", "host.absent", "db:\n  host.absent: []\n");
        assertEquals("127.0.0.1   localhost\n# the database\n::1\tip6-localhost\n", Files.readString(hosts));
    }

    @Test
    void onlySetsExactlyTheseNamesAndLeavesARightEntryAsWritten() throws Exception {
        Files.writeString(hosts, HOSTS + "127.0.0.1 stale\n");
        converge("127.0.0.1", "host.only", "'127.0.0.1':\n  host.only:\n    - hostnames: [localhost]\n");
        assertEquals(HOSTS, Files.readString(hosts));
        converge("127.0.1.1", "host.only", "'127.0.1.1':\n  host.only:\n    - hostnames: [web1.example.com, web1]\n");
        assertTrue(Files.readString(hosts).endsWith("127.0.1.1\tweb1.example.com web1\n"));
    }

    @Test
    void theHostStatesAreInstalled() {
        assertTrue(StateEngine.withInstalledFunctions().functionNames()
                .containsAll(List.of("host.present", "host.absent", "host.only")));
    }

    @Test
    void onlyWithNoHostNamesRemovesTheAddress() throws Exception {
        converge("10.0.0.5", "host.only", "10.0.0.5:\n  host.only:\n    - hostnames: []\n");
        assertEquals("""
            127.0.0.1   localhost
            # the database
            ::1 localhost ip6-localhost
            """, Files.readString(hosts));
    }
}
