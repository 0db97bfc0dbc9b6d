package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.jobs.Job;
import io.brine.jobs.JobFilter;
import io.brine.jobs.JobSpec;
import io.brine.minion.Minion;
import io.brine.protocol.EventPost;
import io.brine.protocol.GrainsReport;
import io.brine.protocol.JidGenerator;
import io.brine.protocol.JobReturn;
import io.brine.protocol.MineAck;
import io.brine.protocol.MineReply;
import io.brine.protocol.MineRequest;
import io.brine.protocol.MineUpdate;
import io.brine.protocol.MinionReturn;
import io.brine.protocol.ReturnAck;
import io.brine.protocol.ScheduledReturn;
import io.brine.protocol.KeyStatus;
import io.brine.protocol.Role;
import io.brine.targeting.TargetType;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An accepted minion sending 6.9 MB grains reports of a million entries slowed every ping on the master to seconds
 * and took its heap from 238 MiB to 3.3 GB (issue 24). Now every report a minion sends is read under its bounds:
 * one beyond them is refused whole and counted, the last good one stands, and a real minion pinged meanwhile
 * answers within a second. The hostile minion is a client of the test's own, accepted like any other.
 */
class MinionReportBoundsTest {
    private static final Duration WAIT = Duration.ofSeconds(15);

    @TempDir
    static Path root;
    static TestCluster cluster;

    @BeforeAll
    static void startAMasterAndARealMinion() throws Exception {
        cluster = TestCluster.start(root);
        cluster.acceptedMinion("web1");
    }

    @AfterAll
    static void stop() {
        cluster.close();
    }

    @Test
    void aTenMegabyteGrainsReportIsRefusedWithTheMastersPingUnaffected() throws Exception {
        try (RogueClient mallory = accepted("mallory")) {
            long before = cluster.master.connectionStats().dropped("over_bounds"); // other tests' refusals
            List<String> markers = listen("mallory");
            mallory.endpoint.send(new GrainsReport(Map.of("role", "bait")));
            Await.until(() -> targeted("role:bait").contains("mallory"), "mallory's first grains", WAIT);
            resetHeapPeaks();

            // A million entries in a megabyte, five times in a row as the minion of the issue sent them: within any
            // frame, each refused at the grains' bound of values. (Read whole, ten of them kept the master busy for
            // more than 15 s.)
            GrainsReport million = new GrainsReport(Map.of("junk", Collections.nCopies(1_000_000, Map.of())));
            for (int i = 0; i < 5; i++) {
                mallory.endpoint.send(million);
            }
            answersWithinASecond();
            proveProcessed(mallory, markers, "million");
            assertDropped("over_bounds", before + 5);

            // Nesting twenty deep: beyond the grains' sixteen levels, within the codec's thirty-two.
            Object deep = "leaf";
            for (int i = 0; i < 20; i++) {
                deep = Map.of("level" + i, deep);
            }
            mallory.endpoint.send(new GrainsReport(Map.of("deep", deep)));
            proveProcessed(mallory, markers, "deep");
            assertDropped("over_bounds", before + 6);
            answersWithinASecond();

            // Seven hundred thousand distinct keys, 6 MB: the shape of the report of the issue, under the frame size.
            Map<String, Object> distinct = new LinkedHashMap<>();
            for (int i = 0; i < 700_000; i++) {
                distinct.put(Integer.toString(i, 36), null);
            }
            mallory.endpoint.send(new GrainsReport(distinct));
            distinct = null;
            proveProcessed(mallory, markers, "distinct");
            assertDropped("over_bounds", before + 7);
            answersWithinASecond();

            // 10 MB: beyond max_frame_size (8 MiB), so read past unkept and refused as a frame; an accepted
            // minion keeps its session (it is told the master's limits instead), and the marker it sends after
            // proves the master moved past it on the same connection.
            long sessions = cluster.master.connectionStats().sessionsOpened();
            mallory.endpoint.send(new GrainsReport(Map.of("junk", Collections.nCopies(1_100_000, "123456789"))));
            Await.until(() -> cluster.master.connectionStats().dropped("frame_too_large") == 1, "the 10 MB frame "
                    + "refused", WAIT);
            proveProcessed(mallory, markers, "after-10MB");
            assertEquals(sessions, cluster.master.connectionStats().sessionsOpened(), "the same session throughout");
            answersWithinASecond();

            // The last good report stands, in memory and on disk: targeting by its grain still finds mallory.
            assertEquals(List.of("mallory"), targeted("role:bait"));
            String stored = Files.readString(root.resolve("master/cache/minions/mallory/grains.json"));
            assertTrue(stored.contains("\"role\":\"bait\"") && !stored.contains("junk"), stored);
            long peak = heapPeakMiB();
            // Unbounded, one 6.9 MB report took the master's heap to 3.3 GB; this JVM also built the rogue's reports.
            assertTrue(peak < 1024, "heap peak " + peak + " MiB");
        }
    }

    @Test
    void anEventPastItsBoundsIsRefusedAndCountedAndTheNextOneIsPublished() throws Exception {
        try (RogueClient eve = accepted("eve")) {
            List<String> posted = listen("eve");
            long before = cluster.master.connectionStats().dropped("over_bounds");
            eve.endpoint.send(new EventPost("flood", Map.of("log", "x".repeat(300 << 10))));
            eve.endpoint.send(new EventPost("after", Map.of()));
            Await.until(() -> posted.contains("after"), "the event sent after", WAIT);
            assertEquals(List.of("after"), posted, "the event past its bounds was published");
            assertEquals(before + 1, cluster.master.connectionStats().dropped("over_bounds"));
        }
    }

    @Test
    void aMinionWhoseOwnGrainsPassTheirBoundsSaysSoAndTheMasterKeepsItsLastReport() throws Exception {
        Minion first = cluster.acceptedMinion("web2");
        Await.until(() -> targeted("id:web2").contains("web2"), "web2's grains", WAIT);
        first.close();
        cluster.minions.remove(first);
        // the same minion (same key and directory), its configuration now adding 70,000 grains
        Minion big = cluster.addMinion("web2", c -> c.withGrains(Map.of("big", Collections.nCopies(70_000, 0))));
        TestCluster.awaitStatus(big, KeyStatus.ACCEPTED, WAIT);

        TestCluster.CliResult refresh = cluster.cli("run", "--out", "json", "web2", "grains.refresh");
        assertEquals(1, refresh.exit(), refresh.out());
        assertTrue(refresh.out().contains("not reported to the master, which keeps the last it took: grains: more than "
                + "65536 values"), refresh.out());
        assertEquals(List.of("web2"), targeted("id:web2"), "the grains web2 reported before");
        assertTrue(!Files.readString(root.resolve("master/cache/minions/web2/grains.json")).contains("big"));
    }

    @Test
    void aFloodOfScheduledJobsFilesAMinutesWorthTheRestWaitingOnTheMinionCountedAndPingsGoOn() throws Exception {
        try (RogueClient flood = accepted("flood")) {
            long before = counter("scheduled_jobs_over_rate");
            long badBefore = counter("scheduled_jobs_bad_name");
            JidGenerator jids = new JidGenerator();
            long now = System.currentTimeMillis();
            int sent = 1_000;
            for (int i = 0; i < sent; i++) {
                flood.endpoint.send(new ScheduledReturn("every-tick", "test.ping", List.of(), Map.of(), 1_000,
                        new JobReturn(jids.next(), MinionReturn.ok(true, now, now))));
            }
            flood.endpoint.send(new ScheduledReturn("../etc", "test.ping", List.of(), Map.of(), 1_000,
                    new JobReturn(jids.next(), MinionReturn.ok(true, now, now))));
            Await.until(() -> filed("flood") + counter("scheduled_jobs_over_rate") - before >= sent
                    && counter("scheduled_jobs_bad_name") > badBefore, "every scheduled job filed or refused", WAIT);
            int filed = filed("flood");
            // 120 a minute; the flood may straddle the turn of a minute once
            assertTrue(filed >= 120 && filed <= 240, filed + " filed");
            assertEquals(sent - filed, counter("scheduled_jobs_over_rate") - before);
            assertEquals(badBefore + 1, counter("scheduled_jobs_bad_name"));
            Await.until(() -> acknowledged(flood) == filed + 1, "the filed jobs and the bad name acknowledged, no "
                    + "more", WAIT);
            assertEquals(0, cluster.cli("run", "web1", "test.ping").exit(), "the master still answers");
        }
    }

    @Test
    void aMineUpdateOfTooManyFunctionsOrBytesIsRefusedCountedAndStoresNothing() throws Exception {
        try (RogueClient miner = accepted("miner")) {
            long refusedBefore = counter("mine_updates_refused");
            long boundsBefore = cluster.master.connectionStats().dropped("over_bounds");
            Map<String, Object> many = new LinkedHashMap<>();
            for (int i = 0; i < 300; i++) {
                many.put("f" + i, i);
            }
            miner.endpoint.send(new MineUpdate(1, many, List.of(), false));
            miner.endpoint.send(new MineUpdate(2, Map.of("big", "x".repeat(1 << 20)), List.of(), false));
            miner.endpoint.send(new MineRequest(3, "G@role and", "compound", "f1"));
            Await.until(() -> miner.received.stream().anyMatch(m -> m instanceof MineReply r && r.requestId() == 3),
                    "the answer to the bad mine.get", WAIT);
            MineAck ack = (MineAck) miner.received.stream().filter(m -> m instanceof MineAck a && a.requestId() == 1)
                    .findFirst().orElseThrow();
            assertTrue(ack.error().contains("more than 256"), ack.error());
            MineReply reply = (MineReply) miner.received.stream()
                    .filter(m -> m instanceof MineReply r && r.requestId() == 3).findFirst().orElseThrow();
            assertTrue(reply.error().startsWith("mine.get: target 'G@role and'"), reply.error());
            assertEquals(refusedBefore + 1, counter("mine_updates_refused"));
            assertEquals(boundsBefore + 1, cluster.master.connectionStats().dropped("over_bounds"),
                    "the 1 MiB update refused as it was read");
            assertTrue(miner.received.stream().noneMatch(m -> m instanceof MineAck a && a.requestId() == 2));
            TestCluster.CliResult get = cluster.cli("run", "--out", "json", "web1", "mine.get", "miner", "f1");
            assertEquals(0, get.exit(), get.err());
            assertTrue(!get.out().contains("miner"), "nothing of the refused update stored: " + get.out());
        }
    }

    /** One of the master's drop counters, by name. */
    private static long counter(String name) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\b" + name + "=(\\d+)")
                .matcher(cluster.master.dropCounters());
        assertTrue(m.find(), cluster.master.dropCounters());
        return Long.parseLong(m.group(1));
    }

    /** The scheduled jobs the master filed for {@code id}. */
    private static int filed(String id) {
        return cluster.master.client().jobs(new JobFilter(2_000, null, id, "schedule:*", 0)).size();
    }

    /** How many jids the master acknowledged to {@code rogue}. */
    private static int acknowledged(RogueClient rogue) {
        return rogue.received.stream().filter(ReturnAck.class::isInstance).mapToInt(m -> ((ReturnAck) m).jids().size())
                .sum();
    }

    /** A rogue minion client whose key the operator accepted. */
    private static RogueClient accepted(String id) throws Exception {
        RogueClient rogue = new RogueClient(cluster.port, Role.MINION, id);
        assertEquals(KeyStatus.PENDING, rogue.endpoint.awaitStatus(WAIT));
        assertEquals(0, cluster.cli("key", "accept", id).exit());
        Await.until(() -> rogue.endpoint.status() == KeyStatus.ACCEPTED, id + " accepted", WAIT);
        return rogue;
    }

    /** The tags of the events {@code id} posts from now on (their last segment). */
    private static List<String> listen(String id) {
        List<String> tags = new CopyOnWriteArrayList<>();
        // open until the master closes with the class's cluster
        cluster.master.events().subscribe("brine/minion/" + id + "/event/*",
                e -> tags.add(e.tag().substring(e.tag().lastIndexOf('/') + 1)));
        return tags;
    }

    /**
     * The master reads a session's messages in order: once an event sent after a report is published, the report
     * has been read (and refused) before it.
     */
    private static void proveProcessed(RogueClient rogue, List<String> markers, String marker)
            throws InterruptedException {
        rogue.endpoint.send(new EventPost(marker, Map.of()));
        Await.until(() -> markers.contains(marker), "the marker event " + marker, WAIT);
    }

    private static void assertDropped(String reason, long n) {
        assertEquals(n, cluster.master.connectionStats().dropped(reason), cluster.master.dropCounters());
    }

    private static List<String> targeted(String grain) {
        String jid = cluster.master.client().cast(JobSpec.of(grain, "test.ping").withTargetType(TargetType.GRAIN)
                .withTimeout(Duration.ofSeconds(1)));
        return cluster.master.client().job(jid).map(Job::expected).orElse(List.of());
    }

    private static void answersWithinASecond() throws InterruptedException {
        long t0 = System.nanoTime();
        Job r = cluster.master.client().call(JobSpec.of("web1", "test.ping").withTimeout(Duration.ofSeconds(1)));
        // For the record (the bound is the 1 s timeout): before the bounds, pings took seconds during such floods.
        System.err.println("ping answered in " + (System.nanoTime() - t0) / 1_000_000 + " ms");
        assertEquals(Boolean.TRUE, r.returns().get("web1") == null ? null : r.returns().get("web1").ret(),
                "web1 did not answer within a second: " + r.missing());
    }

    private static void resetHeapPeaks() {
        ManagementFactory.getMemoryPoolMXBeans().forEach(MemoryPoolMXBean::resetPeakUsage);
    }

    private static long heapPeakMiB() {
        long sum = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                sum += pool.getPeakUsage().getUsed();
            }
        }
        return sum >> 20;
    }
}
