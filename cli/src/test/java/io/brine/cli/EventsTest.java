package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.jobs.Event;
import io.brine.jobs.Subscription;
import io.brine.minion.Minion;
import io.brine.protocol.EventPost;
import io.brine.protocol.KeyStatus;
import io.brine.protocol.Role;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Status posted from inside guests, the event stream, and the reactor, on a real master and minions. */
class EventsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path root;
    static TestCluster cluster;
    static Path marker;

    @BeforeAll
    static void start() throws Exception {
        marker = root.resolve("deployed-by-reactor");
        cluster = TestCluster.start(root, "auto_accept: true\nreactor:\n"
                + "  - tag: 'brine/minion/*/event/deploy'\n    fun: cmd.run\n    arg: ['touch " + marker + "']\n"
                + "  - tag: 'brine/minion/*/start'\n    fun: test.echo\n    arg: ['welcome']\n"
                + "  - tag: '**'\n    fun: test.ping\n    tgt: 'guest1'\n");
        for (String id : List.of("guest1", "guest2")) {
            cluster.addMinion(id);
        }
        for (Minion m : cluster.minions) {
            TestCluster.awaitStatus(m, KeyStatus.ACCEPTED, Duration.ofSeconds(15));
        }
    }

    @AfterAll
    static void stop() {
        cluster.close();
    }

    private static Path minionYaml(String id) throws Exception {
        Path dir = root.resolve("minions").resolve(id);
        return Files.writeString(root.resolve(id + ".yaml"), "id: " + id + "\nmaster: 127.0.0.1\nmaster_port: "
                + cluster.port + "\npki_dir: " + dir.resolve("pki") + "\ncachedir: " + dir.resolve("cache") + "\n");
    }

    @Test
    void aScriptInTheGuestPostsStatusThatArrivesUnderItsMinionsId() throws Exception {
        BlockingQueue<Event> seen = new LinkedBlockingQueue<>();
        try (Subscription s = cluster.master.events().subscribe("brine/minion/*/event/ready", seen::add)) {
            TestCluster.CliResult r = cluster.cli("event", "send", "-c", minionYaml("guest1").toString(), "ready",
                    "status=ok", "build=42");
            assertEquals(0, r.exit(), r.err());
            Event e = seen.poll(10, TimeUnit.SECONDS);
            assertEquals("brine/minion/guest1/event/ready", e.tag());
            assertEquals(Map.of("status", "ok", "build", 42L), e.data());
        }
    }

    @Test
    void theEventSocketIsOnlyForRootAndTheConfiguredGroup() throws Exception {
        Path socket = root.resolve("minions/guest2/cache/minion.sock");
        assertEquals("rw-rw----", java.nio.file.attribute.PosixFilePermissions.toString(
                Files.getPosixFilePermissions(socket)));
        TestCluster.CliResult bad = cluster.cli("event", "send", "-c", minionYaml("guest2").toString(), "bad..tag");
        assertEquals(1, bad.exit());
        assertTrue(bad.err().contains("refused"), bad.err());
    }

    @Test
    void noMinionCanPostAsAnotherOrAsTheMaster() throws Exception {
        BlockingQueue<Event> seen = new LinkedBlockingQueue<>();
        java.util.function.Consumer<Event> forged = e -> {
            if (e.tag().contains("forged")) {
                seen.add(e);
            }
        };
        try (Subscription s = cluster.master.events().subscribe("**", forged);
                RogueClient rogue = new RogueClient(cluster.port, Role.MINION, "rogue")) {
            assertEquals(KeyStatus.ACCEPTED, rogue.endpoint.awaitStatus(Duration.ofSeconds(15)));
            rogue.endpoint.send(new EventPost("brine/minion/guest1/event/forged", Map.of()));
            Event e = seen.poll(10, TimeUnit.SECONDS);
            assertEquals("brine/minion/rogue/event/brine/minion/guest1/event/forged", e.tag(),
                    "the poster's authenticated id always comes first");
            assertFalse(e.tag().startsWith("brine/minion/guest1/"));
        }
    }

    @Test
    void brineEventsStreamsOneJsonObjectPerLine() throws Exception {
        CompletableFuture<TestCluster.CliResult> stream = CompletableFuture.supplyAsync(() -> cluster.cli("events",
                "--tag", "brine/minion/*/event/stream-test", "--out", "json", "--count", "1", "--timeout", "20"));
        JsonNode line = null;
        for (int i = 0; i < 50 && !stream.isDone(); i++) {
            Thread.sleep(200);
            cluster.cli("event", "send", "-c", minionYaml("guest2").toString(), "stream-test", "n=" + i);
        }
        TestCluster.CliResult r = stream.get(30, TimeUnit.SECONDS);
        assertEquals(0, r.exit(), r.err());
        line = JSON.readTree(r.out().strip().split("\n")[0]);
        assertEquals("brine/minion/guest2/event/stream-test", line.get("tag").asText());
        assertTrue(line.get("data").has("n"));
        assertTrue(line.get("time").asText().endsWith("Z"), line.toString());
    }

    @Test
    void theReactorRunsAJobOnTheMinionThatPostedAndDoesNotLoop() throws Exception {
        Files.deleteIfExists(marker);
        assertEquals(0, cluster.cli("event", "send", "-c", minionYaml("guest2").toString(), "deploy").exit());
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (!Files.exists(marker) && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertTrue(Files.exists(marker), "the reactor ran cmd.run on the posting minion");
        JsonNode deploys = JSON.readTree(cluster.cli("job", "list", "--out", "json", "--function", "cmd.run",
                "--caller", "reactor").out());
        assertEquals("guest2", deploys.get(0).get("target").asText());

        // A rule on every event ('**') must not feed on the events of its own jobs. Two markers, one after the other,
        // each get one ping from it. The bus delivers an event to the reactor (subscribed when the master started)
        // before this test's subscription, so a reaction to the events of the first marker's ping was queued before
        // the second marker was even published: once the second ping has returned, any such reaction is announced.
        // Here other tests spend the rule's budget for the master's own events (10 a minute), which can hide such a
        // reaction: ReactorTest checks the same on a master of its own.
        List<String> reactorPings = new java.util.concurrent.CopyOnWriteArrayList<>();
        Set<String> returned = ConcurrentHashMap.newKeySet();
        try (Subscription s = cluster.master.events().subscribe("brine/job/**", e -> {
            if (e.tag().endsWith("/new") && "reactor".equals(e.data().get("user"))
                    && "test.ping".equals(e.data().get("fun"))) {
                reactorPings.add(e.tag().split("/")[2]);
            } else if (e.tag().contains("/ret/")) {
                returned.add(e.tag().split("/")[2]);
            }
        })) {
            String first = markerPing("first", reactorPings, returned);
            assertNotNull(first, "control: the catch-all rule did fire");
            String second = markerPing("second", reactorPings, returned);
            assertEquals(List.of(first, second), reactorPings,
                    "the catch-all rule answered the markers only: it does not react to its own jobs");
        }
        assertNotEquals(0, reactorPings(), "control: its pings are in the job list");
    }

    /**
     * Publishes a marker event and waits until the catch-all rule's ping for it has returned; that ping's jid, or
     * null if the rule never answered. Each marker is a source of its own, so no earlier test spent its budget.
     */
    private static String markerPing(String name, List<String> reactorPings, Set<String> returned)
            throws InterruptedException {
        int seen = reactorPings.size();
        cluster.master.events().publish("brine/minion/marker-" + name + "/event/loop-check", Map.of());
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (System.nanoTime() < deadline) {
            if (reactorPings.size() > seen && returned.contains(reactorPings.get(seen))) {
                return reactorPings.get(seen);
            }
            Thread.sleep(20);
        }
        return null;
    }

    /**
     * The attack of issue 11: a minion posting an event named {@code start} (filed as brine/minion/ID/event/start)
     * used to match the master's {@code brine/minion/*}{@code /start} rule and spend its budget, so a genuine start
     * got no reaction.
     */
    @Test
    void aPostedStartEventIsNotAMinionStartAndCannotStarveTheRule() throws Exception {
        try (RogueClient rogue = new RogueClient(cluster.port, Role.MINION, "noisy")) {
            assertEquals(KeyStatus.ACCEPTED, rogue.endpoint.awaitStatus(Duration.ofSeconds(15)));
            for (int i = 0; i < 150; i++) { // more than a rule's budget of 120 a minute
                rogue.endpoint.send(new EventPost("start", Map.of("n", i)));
            }
            cluster.addMinion("latecomer");
            assertTrue(awaitWelcomes("latecomer", 1), "a genuine start after the flood still got its reaction");
            assertEquals(1, welcomes("noisy"), "only the rogue's own genuine start was reacted to");
        }
    }

    private static boolean awaitWelcomes(String target, int wanted) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (System.nanoTime() < deadline) {
            if (welcomes(target) >= wanted) {
                return true;
            }
            Thread.sleep(100);
        }
        return false;
    }

    private static int welcomes(String target) throws Exception {
        int n = 0;
        for (JsonNode job : JSON.readTree(cluster.cli("job", "list", "--out", "json", "--function", "test.echo",
                "--caller", "reactor", "--limit", "100000").out())) {
            n += job.get("target").asText().equals(target) ? 1 : 0;
        }
        return n;
    }

    private static int reactorPings() throws Exception {
        return JSON.readTree(cluster.cli("job", "list", "--out", "json", "--function", "test.ping", "--caller",
                "reactor", "--limit", "100000").out()).size();
    }
}
