package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.jobs.Event;
import io.brine.jobs.Job;
import io.brine.jobs.JobFilter;
import io.brine.jobs.JobSpec;
import io.brine.jobs.Subscription;
import io.brine.master.AccessDeniedException;
import io.brine.minion.Minion;
import io.brine.protocol.KeyStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Least privilege end to end: named operators with their own client keys, limited by {@code publisher_acl}
 * to some functions on some minions, through the real CLI against a real master and minions; the same check
 * for the Java client; refusals published nowhere and written to the audit log.
 */
class PublisherAclTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration WAIT = Duration.ofSeconds(15);
    private static final String ACL = """
            publisher_acl:
              alice:
                - 'web*': [test.*, pkg.version]
              keeper:
                - '@keys'
            """;

    @TempDir
    Path root;

    @Test
    void anOperatorLimitedToTestOnWebCanPingWebButNothingElse() throws Exception {
        try (TestCluster c = TestCluster.start(root, ACL)) {
            accepted(c, "web1");
            accepted(c, "db1");
            String alice = client(c, "alice");

            TestCluster.CliResult ping = c.cli("run", "--client-key", alice, "web1", "test.ping");
            assertEquals(0, ping.exit(), ping.err());
            assertTrue(ping.out().contains("web1"), ping.out());

            TestCluster.CliResult shell = c.cli("run", "--client-key", alice, "web1", "cmd.run", "id");
            assertEquals(2, shell.exit(), shell.out());
            assertTrue(shell.err().contains("'alice' may not run cmd.run"), shell.err());

            TestCluster.CliResult db = c.cli("run", "--client-key", alice, "db*", "test.ping");
            assertEquals(2, db.exit());
            assertTrue(db.err().contains("'alice' may not run test.ping on db1"), db.err());

            // A glob that resolves to one disallowed minion is refused whole: web1 is not pinged either.
            TestCluster.CliResult all = c.cli("run", "--client-key", alice, "*", "test.ping");
            assertEquals(2, all.exit());
            assertTrue(all.err().contains("db1"), all.err());
            // Batch jobs pass the same check.
            assertEquals(2, c.cli("run", "--client-key", alice, "--batch", "1", "*", "test.ping").exit());
            assertEquals(1, c.master.client().jobs(new JobFilter(50, null, null, "alice", 0)).size(),
                    "only the allowed ping was published as alice");

            // The local operator is still admin; alice sees her own job only.
            TestCluster.CliResult root = c.cli("run", "*", "cmd.run", "echo hi");
            assertEquals(0, root.exit(), root.out() + root.err());
            TestCluster.CliResult list = c.cli("job", "list", "--client-key", alice, "--out", "json");
            assertEquals(0, list.exit(), list.err());
            assertFalse(list.out().contains("cmd.run"), list.out());
            assertTrue(list.out().contains("test.ping"), list.out());

            // And keys are not hers to touch.
            TestCluster.CliResult keys = c.cli("key", "list", "--client-key", alice);
            assertEquals(2, keys.exit());
            assertTrue(keys.err().contains("needs @keys"), keys.err());

            List<JsonNode> audit = audit(c);
            assertTrue(audit.stream().anyMatch(l -> l.get("identity").asText().equals("alice")
                    && l.get("action").asText().equals("refused") && l.get("function").asText().equals("cmd.run")),
                    audit.toString());
            assertTrue(audit.stream().anyMatch(l -> l.get("identity").asText().equals("alice")
                    && l.get("action").asText().equals("publish") && l.get("function").asText().equals("test.ping")
                    && l.get("minions").asInt() == 1 && l.get("source").asText().startsWith("127.0.0.1")),
                    audit.toString());
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(
                    c.master.config().auditLog())));
        }
    }

    @Test
    void theJavaClientAsANameIsCheckedTheSameWay() throws Exception {
        try (TestCluster c = TestCluster.start(root, ACL)) {
            accepted(c, "web1");
            accepted(c, "db1");
            Job ok = c.master.client().as("alice").call(JobSpec.of("web1", "test.ping"));
            assertEquals(List.of("web1"), List.copyOf(ok.returns().keySet()));
            AccessDeniedException refused = assertThrows(AccessDeniedException.class,
                    () -> c.master.client().as("alice").cast(JobSpec.of("*", "test.ping")));
            assertTrue(refused.getMessage().contains("db1"), refused.getMessage());
            assertThrows(AccessDeniedException.class,
                    () -> c.master.client().as("mallory").cast(JobSpec.of("web1", "test.ping")));
            assertThrows(AccessDeniedException.class, () -> c.master.keys().as("alice", "test").list());
            assertThrows(AccessDeniedException.class,
                    () -> c.master.client().as("alice").cast(JobSpec.of("web1", "cmd.run", "id")));
        }
    }

    @Test
    void anOperatorWithKeysRightsChangesKeysThroughTheMasterAndIsNamedInTheEvent() throws Exception {
        try (TestCluster c = TestCluster.start(root, ACL)) {
            String keeper = client(c, "keeper");
            LinkedBlockingQueue<Event> events = new LinkedBlockingQueue<>();
            try (Subscription s = c.master.events().subscribe("brine/key/**", events::add)) {
                Minion m = c.addMinion("new1");
                TestCluster.awaitStatus(m, KeyStatus.PENDING, WAIT);
                TestCluster.CliResult accept = c.cli("key", "accept", "--client-key", keeper, "new1");
                assertEquals(0, accept.exit(), accept.err());
                TestCluster.awaitStatus(m, KeyStatus.ACCEPTED, WAIT);
                Event e = events.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
                assertEquals("brine/key/new1/accepted", e.tag());
                assertEquals("keeper", e.data().get("by"));

                // ...but cannot run anything.
                assertEquals(2, c.cli("run", "--client-key", keeper, "new1", "test.ping").exit());

                // The local operator's own key commands are announced too, naming 'local'.
                assertEquals(0, c.cli("key", "reject", "new1").exit());
                Event local = events.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
                assertEquals("brine/key/new1/rejected", local.tag());
                assertEquals("local", local.data().get("by"));
            }
            assertTrue(audit(c).stream().anyMatch(l -> l.get("action").asText().equals("key.accepted")
                    && l.get("identity").asText().equals("keeper")));
        }
    }

    /**
     * {@code brine events} as a named operator with {@code @events} carries its own jobs' events and never another
     * identity's: the root operator's jobs run just before each of eve's, so a leak would be among the first lines.
     */
    @Test
    void anOperatorWatchingEventsSeesItsOwnJobsButNeverAnotherIdentitys() throws Exception {
        try (TestCluster c = TestCluster.start(root, "publisher_acl:\n  eve:\n    - '@events'\n"
                + "    - 'web*': [test.*]\n")) {
            accepted(c, "web1");
            String eve = client(c, "eve");
            String secret = "s3cret-" + System.nanoTime();
            java.util.concurrent.CompletableFuture<TestCluster.CliResult> stream = java.util.concurrent
                    .CompletableFuture.supplyAsync(() -> c.cli("events", "--client-key", eve, "--tag", "brine/job/**",
                            "--out", "json", "--count", "4", "--timeout", "30"));
            for (int i = 0; i < 100 && !stream.isDone(); i++) {
                assertEquals(0, c.cli("run", "web1", "test.echo", secret).exit());
                assertEquals(0, c.cli("run", "--client-key", eve, "web1", "test.ping").exit());
            }
            TestCluster.CliResult r = stream.get(30, TimeUnit.SECONDS);
            assertEquals(0, r.exit(), r.err());
            assertFalse(r.out().contains(secret), r.out());
            String[] lines = r.out().strip().split("\n");
            assertEquals(4, lines.length, r.out());
            for (String line : lines) {
                assertEquals("eve", JSON.readTree(line).get("data").get("user").asText(), line);
            }
        }
    }

    /**
     * A holder of {@code @keys} reported key changes that never happened, and the master announced and audited them
     * as real. Reports come only from the local operator beside the directories, and only what the directories show
     * is announced.
     */
    @Test
    void keyChangesThatNeverHappenedAreNotAnnouncedOrAuditedAsMade() throws Exception {
        try (TestCluster c = TestCluster.start(root, ACL)) {
            accepted(c, "web1");
            String keeper = client(c, "keeper");
            LinkedBlockingQueue<Event> events = new LinkedBlockingQueue<>();
            try (Subscription s = c.master.events().subscribe("brine/key/**", events::add);
                    io.brine.client.BrineClient named = io.brine.client.BrineClient.connect(
                            c.master.config().endpoint(), io.brine.client.ClientKey.named(Path.of(keeper)), WAIT)) {
                io.brine.client.ClientException refused = assertThrows(io.brine.client.ClientException.class,
                        () -> named.keysChanged(List.of("web1/deleted", "ghost/accepted"), WAIT));
                assertTrue(refused.setup(), refused.getMessage());
                try (io.brine.client.BrineClient local = io.brine.client.BrineClient.connect(
                        c.master.config().endpoint(), io.brine.client.ClientKey.local(c.master.config().endpoint()),
                        WAIT)) {
                    // the local operator's report of a change the directories do not show is not announced...
                    assertTrue(local.keysChanged(List.of("web1/deleted", "ghost/accepted"), WAIT));
                    // ...while a real one, reported after them, is: so nothing before it was announced
                    assertEquals(0, c.cli("key", "reject", "web1").exit());
                }
                Event first = events.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
                assertEquals("brine/key/web1/rejected", first == null ? null : first.tag());
            }
            List<JsonNode> audit = audit(c);
            assertFalse(audit.stream().anyMatch(l -> l.get("action").asText().equals("key.deleted")
                    || l.get("action").asText().equals("key.accepted") && l.get("id").asText().equals("ghost")),
                    audit.toString());
            assertTrue(audit.stream().anyMatch(l -> l.get("identity").asText().equals("keeper")
                    && l.get("action").asText().equals("refused")), audit.toString());
        }
    }

    @Test
    void withPublisherAclLocalOffTheLocalOperatorNeedsEntriesToo() throws Exception {
        try (TestCluster c = TestCluster.start(root, "publisher_acl_local: false\npublisher_acl:\n"
                + "  local: ['test.*']\n")) {
            accepted(c, "web1");
            assertEquals(0, c.cli("run", "web1", "test.ping").exit());
            TestCluster.CliResult r = c.cli("run", "web1", "cmd.run", "id");
            assertEquals(2, r.exit());
            assertTrue(r.err().contains("'local' may not run cmd.run"), r.err());
        }
    }

    @Test
    void clientNamesReservedForTheMasterCannotBeTaken() throws Exception {
        try (TestCluster c = TestCluster.start(root)) {
            for (String name : List.of("local", "library", "reactor", "../x")) {
                TestCluster.CliResult r = c.cli("client", "create", name, "--out", root.resolve("o").toString());
                assertEquals(2, r.exit(), name);
            }
        }
    }

    private static String client(TestCluster c, String name) {
        Path dir = c.root.resolve("operators").resolve(name);
        TestCluster.CliResult r = c.cli("client", "create", name, "--out", dir.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(Files.exists(dir.resolve("master.pub")));
        return dir.resolve(name + ".pem").toString();
    }

    private static void accepted(TestCluster c, String id) throws Exception {
        Minion m = c.addMinion(id);
        TestCluster.awaitStatus(m, KeyStatus.PENDING, WAIT);
        assertEquals(0, c.cli("key", "accept", id).exit());
        TestCluster.awaitStatus(m, KeyStatus.ACCEPTED, WAIT);
    }

    private static List<JsonNode> audit(TestCluster c) throws Exception {
        List<JsonNode> lines = new ArrayList<>();
        for (String line : Files.readAllLines(c.master.config().auditLog())) {
            lines.add(JSON.readTree(line));
        }
        return lines;
    }
}
