package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.minion.Minion;
import io.brine.protocol.KeyStatus;
import io.brine.protocol.crypto.StaticKeyPair;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every target form, resolved on the master against the grains and pillar of real minions, through the CLI:
 * the returns are exactly the minions that should match, and minions that cannot answer are named.
 */
class TargetingTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path root;
    static TestCluster cluster;

    @BeforeAll
    static void startFleet() throws Exception {
        Path pillar = Files.createDirectories(root.resolve("pillar"));
        Files.writeString(pillar.resolve("top.sls"), "base:\n  'web*':\n    - front\n  'db*':\n    - back\n");
        Files.writeString(pillar.resolve("front.sls"), "tier: front\n");
        Files.writeString(pillar.resolve("back.sls"), "tier: back\n");
        cluster = TestCluster.start(root, "pillar_roots:\n  base:\n    - " + pillar + "\nnodegroups:\n"
                + "  webs: 'G@role:web and not E@canary-.*'\n  dbs: [db1, db2]\n");
        add("web1", "web", "Debian", "10.1.0.11");
        add("web2", "web", "RedHat", "10.1.0.12");
        add("canary-web3", "web", "Debian", "10.2.0.13");
        add("db1", "db", "Debian", "192.168.5.21");
        add("db2", "db", "Debian", "192.168.5.22");
        for (Minion m : cluster.minions) {
            TestCluster.awaitStatus(m, KeyStatus.PENDING, Duration.ofSeconds(15));
        }
        assertEquals(0, cluster.cli("key", "accept", "--all").exit());
        for (Minion m : cluster.minions) {
            TestCluster.awaitStatus(m, KeyStatus.ACCEPTED, Duration.ofSeconds(15));
        }
        // wait until the master has every minion's grains: a grain target then answers for all five
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (returned("-G", "role:*").size() < 5 && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
    }

    private static void add(String id, String role, String osFamily, String ip) throws Exception {
        cluster.addMinion(id, c -> c.withGrains(Map.of("role", role, "os_family", osFamily, "ipv4", List.of(ip))));
    }

    @AfterAll
    static void stop() {
        cluster.close();
    }

    @Test
    void everyTargetFormSelectsExactlyTheRightMinions() throws Exception {
        assertEquals(List.of("web1", "web2"), returned("web?"));
        assertEquals(List.of("db2", "web1"), returned("-L", "web1,db2"));
        assertEquals(List.of("canary-web3", "web1", "web2"), returned("-E", ".*web[0-9]"));
        assertEquals(List.of("canary-web3", "web1", "web2"), returned("-G", "role:web"));
        assertEquals(List.of("canary-web3", "db1", "db2", "web1"), returned("-G", "os_family:deb*"));
        assertEquals(List.of("db1", "db2"), returned("--grain-pcre", "role:d.?"));
        assertEquals(List.of("web1", "web2"), returned("-I", "tier:front"));
        assertEquals(List.of("db1", "db2"), returned("--pillar-pcre", "tier:ba.k"));
        assertEquals(List.of("web1", "web2"), returned("-S", "10.1.0.0/16"));
        assertEquals(List.of("db2"), returned("-S", "192.168.5.22"));
        assertEquals(List.of("web1", "web2"), returned("-N", "webs"));
        assertEquals(List.of("db1", "db2"), returned("-N", "dbs"));
    }

    @Test
    void compoundExpressionsFollowPrecedenceAndParentheses() throws Exception {
        assertEquals(List.of("db1", "db2", "web1"),
                returned("-C", "G@os_family:Debian and web* or L@db1,db2 and not E@canary-.*"));
        assertEquals(List.of("web1"), returned("-C", "G@os_family:Debian and (web* or db9) and not E@canary-.*"));
        assertEquals(List.of("web2"), returned("-C", "I@tier:front and not (S@10.1.0.11 or db*)"));
        assertEquals(List.of("canary-web3", "web2"), returned("-C", "G@role:web and not S@10.1.0.11"));
        assertEquals(List.of("web1", "web2"), returned("-C", "N@webs"));
    }

    @Test
    void aMalformedTargetIsAUsageErrorPointingAtTheFault() {
        TestCluster.CliResult r = cluster.cli("run", "-C", "web* and and db*", "test.ping");
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("position"), r.err());
        assertTrue(r.err().contains("^"), "the fault is pointed at: " + r.err());
        assertEquals(2, cluster.cli("run", "-S", "10.1.0.0/99", "test.ping").exit());
        assertEquals(2, cluster.cli("run", "-N", "nosuchgroup", "test.ping").exit());
    }

    @Test
    void aMatchingMinionThatIsDownIsReportedNotConnected() throws Exception {
        StaticKeyPair ghost = StaticKeyPair.generate();
        cluster.master.keys().preseed("web9", ghost.publicKey());
        try {
            TestCluster.CliResult r = cluster.cli("run", "--out", "json", "-L", "web1,web9", "test.ping");
            assertEquals(1, r.exit(), "a missing minion makes the call fail");
            JsonNode doc = JSON.readTree(r.out());
            assertEquals("{\"web9\":\"not-connected\"}", doc.get("missing").toString());
            assertTrue(doc.get("returns").has("web1"));

            TestCluster.CliResult g = cluster.cli("run", "--out", "json", "-G", "role:web", "test.ping");
            assertTrue(g.err().contains("do not know their grains") || g.err().contains("does not know their grains"),
                    "a minion with unknown grains is named, not dropped: " + g.err());
            assertTrue(g.err().contains("web9"), g.err());
        } finally {
            cluster.master.keys().delete("web9");
        }
    }

    @Test
    void anIdInAListThatIsNoMinionIsReportedUnknownAndFailsTheCall() throws Exception {
        TestCluster.CliResult r = cluster.cli("run", "--out", "json", "-L", "web1,ghost", "test.ping");
        assertEquals(1, r.exit(), "an unknown id makes the call fail");
        JsonNode doc = JSON.readTree(r.out());
        assertEquals("{\"ghost\":\"unknown\"}", doc.get("missing").toString());
        assertTrue(doc.get("returns").has("web1"));
        TestCluster.CliResult text = cluster.cli("run", "-L", "web1,ghost", "test.ping");
        assertTrue(text.out().contains("ghost:\n    Minion did not return. [No such minion"), text.out());
        // The job document keeps saying so after the call.
        String jid = doc.get("jid").asText();
        JsonNode shown = JSON.readTree(cluster.cli("job", "show", "--out", "json", jid).out());
        assertEquals("{\"ghost\":\"unknown\"}", shown.get("missing").toString());
    }

    @Test
    void jsonlStreamsOneLinePerReturnThenASummary() throws Exception {
        TestCluster.CliResult r = cluster.cli("run", "--out", "jsonl", "-G", "role:db", "test.echo", "hi");
        assertEquals(0, r.exit(), r.err());
        String[] lines = r.out().strip().split("\n");
        assertEquals(3, lines.length, r.out());
        TreeSet<String> ids = new TreeSet<>();
        for (int i = 0; i < 2; i++) {
            JsonNode line = JSON.readTree(lines[i]);
            ids.add(line.get("id").asText());
            assertEquals("hi", line.get("ret").asText());
        }
        assertEquals(new TreeSet<>(List.of("db1", "db2")), ids);
        JsonNode summary = JSON.readTree(lines[2]);
        assertEquals(2, summary.get("returned").asInt());
        assertEquals(0, summary.get("missing").size());
    }

    static List<String> returned(String... targetWords) throws Exception {
        List<String> args = new ArrayList<>(List.of("run", "--out", "json", "--timeout", "10"));
        args.addAll(List.of(targetWords));
        args.add("test.ping");
        TestCluster.CliResult r = cluster.cli(args.toArray(String[]::new));
        if (r.out().isBlank()) {
            return List.of();
        }
        List<String> ids = new ArrayList<>();
        JSON.readTree(r.out()).get("returns").fieldNames().forEachRemaining(ids::add);
        ids.sort(null);
        return ids;
    }
}
