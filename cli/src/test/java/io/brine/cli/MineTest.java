package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.minion.RecurringSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Salt's mine end to end: minions send their mine functions' values to the master, and a template on another
 * minion reads them by grain ({@code salt['mine.get']}), only as far as the master's {@code mine_acl} lets it.
 */
class MineTest {
    /** Each minion's mine entry {@code web_addr}: its own grain {@code addr}, as network.ip_addrs would differ. */
    private static final Map<String, Object> MINE_FUNCTIONS = Map.of("web_addr",
            Map.of("mine_function", "grains.get", "key", "addr"));

    @TempDir
    Path root;

    @Test
    void aTemplateReadsTheAddressesOfItsTenantsWebMinionsFromTheMineAsTheyChangeAndGo() throws Exception {
        Path states = Files.createDirectories(root.resolve("states"));
        // the load balancer's backends, rendered on lb1 from the mine
        Files.writeString(states.resolve("lb.sls"), "{% set web = salt['mine.get']('role:web', 'web_addr', "
                + "tgt_type='grain') %}\nbackends:\n  test.succeed_without_changes:\n"
                + "    - name: \"{% for id in web | sort %}{{ id }}={{ web[id] }};{% endfor %}\"\n");
        try (TestCluster cluster = TestCluster.start(root, "file_roots:\n  base:\n    - " + states + "\n"
                + "mine_acl:\n  'G@tenant:a':\n    - 'G@tenant:a': ['*']\n  'G@tenant:b':\n"
                + "    - 'G@tenant:b': ['*']\n")) {
            minion(cluster, "lb1", "a", "lb", "10.0.0.100");
            minion(cluster, "web1", "a", "web", "10.0.0.1");
            minion(cluster, "web2", "a", "web", "10.0.0.2");
            minion(cluster, "bweb", "b", "web", "10.1.0.1");
            TestCluster.CliResult update = cluster.cli("run", "--out", "json", "*", "mine.update");
            assertEquals(0, update.exit(), update.out() + update.err());

            assertEquals("web1=10.0.0.1;web2=10.0.0.2;", backends(cluster),
                    "tenant b's web minion is hidden from tenant a's");
            TestCluster.CliResult other = cluster.cli("run", "--out", "json", "bweb", "mine.get", "role:web",
                    "web_addr", "tgt_type=grain");
            assertEquals(0, other.exit(), other.out() + other.err());
            assertTrue(other.out().contains("10.1.0.1"), other.out());
            assertFalse(other.out().contains("10.0.0."), "tenant a's entries are hidden from tenant b: "
                    + other.out());

            TestCluster.CliResult send = cluster.cli("run", "web1", "mine.send", "web_addr",
                    "mine_function=test.echo", "text=10.0.0.9");
            assertEquals(0, send.exit(), send.out() + send.err());
            assertEquals("web1=10.0.0.9;web2=10.0.0.2;", backends(cluster), "an update replaces the value");

            assertEquals(0, cluster.cli("key", "delete", "web2").exit());
            Await.until(() -> backends(cluster).equals("web1=10.0.0.9;"), "web2's mine entry going with its key",
                    Duration.ofSeconds(20));
        }
    }

    private static void minion(TestCluster cluster, String id, String tenant, String role, String addr)
            throws Exception {
        cluster.acceptedMinion(id, c -> c.withGrains(Map.of("tenant", tenant, "role", role, "addr", addr))
                .withRecurring(new RecurringSettings(Map.of(), MINE_FUNCTIONS, RecurringSettings.DEFAULT_MINE_INTERVAL)));
    }

    /** What lb1's state renders its backends' name as, from the mine. */
    private static String backends(TestCluster cluster) {
        TestCluster.CliResult r = cluster.cli("run", "--out", "json", "lb1", "state.show_sls", "lb");
        assertEquals(0, r.exit(), r.out() + r.err());
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"name\"\\s*:\\s*\"([^\"]*)\"").matcher(r.out());
        assertTrue(m.find(), r.out());
        return m.group(1);
    }
}
