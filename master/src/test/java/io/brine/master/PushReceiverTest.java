package io.brine.master;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.protocol.FilePush;
import io.brine.protocol.FilePushAck;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PushReceiverTest {
    @TempDir
    Path cache;

    /** A receiver for minions that all run one cp.push job per path given (J1 for the first), generous quotas. */
    private PushReceiver receiver(String... paths) {
        return new PushReceiver(cache, id -> jobs(paths), 1 << 20);
    }

    private static List<PushPermits.PushJob> jobs(String... paths) {
        List<PushPermits.PushJob> out = new ArrayList<>();
        for (int i = 0; i < paths.length; i++) {
            out.add(new PushPermits.PushJob("J" + (i + 1), paths[i]));
        }
        return out;
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String sha256(String s) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes(s)));
    }

    private FilePushAck push(PushReceiver r, String minion, String transfer, String path, long offset, String data,
            boolean last, String sha) {
        List<FilePushAck> acks = new ArrayList<>();
        r.receive(minion, new FilePush(offset, transfer, path, offset, bytes(data), last, sha, 0640), acks::add);
        assertEquals(1, acks.size(), "acknowledgements of one chunk: " + acks);
        return acks.get(0);
    }

    @Test
    void aFileAppearsUnderTheMinionsFolderOnlyOnceItsHashMatches() throws Exception {
        PushReceiver r = receiver("/var/log/app.log");
        Path stored = cache.resolve("minions/web1/files/var/log/app.log");

        assertNull(push(r, "web1", "t", "/var/log/app.log", 0, "hello ", false, null).error());
        assertFalse(Files.exists(stored), "visible before it was complete");
        assertNull(push(r, "web1", "t", "/var/log/app.log", 6, "world", true, sha256("hello world")).error());

        assertEquals("hello world", Files.readString(stored));
        assertEquals("rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(stored)));
        assertNoPartialFiles();
    }

    @Test
    void aHashMismatchStoresNothing() throws Exception {
        PushReceiver r = receiver("/etc/motd");
        FilePushAck ack = push(r, "web1", "t", "/etc/motd", 0, "tampered", true, sha256("original"));
        assertTrue(ack.error().contains("SHA-256 mismatch"), ack.error());
        assertFalse(Files.exists(cache.resolve("minions/web1/files/etc/motd")));
        assertNoPartialFiles();
    }

    @Test
    void pathsLeavingTheMinionsFolderAreRefused() throws Exception {
        List<String> leaving = List.of("../../x", "/a/../../../x", "..", "link/x", "/");
        // even were a job to ask for them
        PushReceiver r = receiver(leaving.toArray(String[]::new));
        Path outside = Files.createDirectories(cache.resolve("outside"));
        Files.createDirectories(cache.resolve("minions/web1/files"));
        Files.createSymbolicLink(cache.resolve("minions/web1/files/link"), outside);

        for (String path : leaving) {
            FilePushAck ack = push(r, "web1", "t-" + path, path, 0, "x", true, sha256("x"));
            assertTrue(ack.error() != null && (ack.error().contains("leaves") || ack.error().contains("names no file")),
                    path + ": " + ack.error());
        }
        try (Stream<Path> files = Files.list(outside)) {
            assertEquals(0, files.count());
        }
        assertFalse(Files.exists(cache.resolve("x")));
    }

    @Test
    void chunksThatOvertakeEachOtherAreWrittenInOrderAndEachAcknowledgedOnce() throws Exception {
        PushReceiver r = receiver("/f");
        List<FilePushAck> acks = new ArrayList<>();
        r.receive("web1", new FilePush(1, "t", "/f", 0, bytes("ab"), false, null, 0644), acks::add);
        r.receive("web1", new FilePush(3, "t", "/f", 4, bytes("ef"), true, sha256("abcdef"), 0644), acks::add);
        r.receive("web1", new FilePush(2, "t", "/f", 2, bytes("cd"), false, null, 0644), acks::add);

        assertEquals(List.of(1L, 2L, 3L), acks.stream().map(FilePushAck::requestId).toList());
        assertTrue(acks.stream().allMatch(a -> a.error() == null), acks.toString());
        assertEquals("abcdef", Files.readString(cache.resolve("minions/web1/files/f")));
    }

    @Test
    void aFailedTransferAnswersEveryChunkItHeldAndKeepsNothing() throws Exception {
        PushReceiver r = receiver("/f");
        List<FilePushAck> acks = new ArrayList<>();
        r.receive("web1", new FilePush(1, "t", "/f", 0, bytes("ab"), false, null, 0644), acks::add);
        r.receive("web1", new FilePush(3, "t", "/f", 4, bytes("ef"), true, "0".repeat(64), 0644), acks::add);
        r.receive("web1", new FilePush(2, "t", "/f", 2, bytes("cd"), false, null, 0644), acks::add);

        assertEquals(List.of(1L, 2L, 3L), acks.stream().map(FilePushAck::requestId).sorted().toList());
        assertTrue(acks.get(2).error().contains("SHA-256 mismatch"), acks.toString());
        assertTrue(push(r, "web1", "t", "/f", 6, "more", true, null).error().contains("unknown"));
        assertFalse(Files.exists(cache.resolve("minions/web1/files/f")));
        assertNoPartialFiles();
    }

    @Test
    void transfersOfDifferentMinionsNeverMix() throws Exception {
        PushReceiver r = receiver("/f");
        assertNull(push(r, "web1", "same", "/f", 0, "one", true, sha256("one")).error());
        assertNull(push(r, "web2", "same", "/f", 0, "two", true, sha256("two")).error());
        assertEquals("one", Files.readString(cache.resolve("minions/web1/files/f")));
        assertEquals("two", Files.readString(cache.resolve("minions/web2/files/f")));
    }

    @Test
    void aPushWithoutARunningCpPushJobIsRefusedAndStoresNothing() throws Exception {
        PushReceiver r = receiver();
        FilePushAck ack = push(r, "web1", "t", "/etc/motd", 0, "unsolicited", true, sha256("unsolicited"));
        assertTrue(ack.error().contains("no cp.push job is running"), ack.error());
        assertEquals(1, r.permits.refusedUnsolicited.sum());
        assertFalse(Files.exists(cache.resolve("minions/web1/files/etc/motd")));
        assertNoPartialFiles();
    }

    @Test
    void bytesBeyondTheJobsQuotaEndTheTransferAndTheNextJobStartsAfresh() throws Exception {
        List<List<PushPermits.PushJob>> running = new ArrayList<>(List.of(List.of(new PushPermits.PushJob("J1",
                "/a"))));
        PushReceiver r = new PushReceiver(cache, id -> running.get(0), 10);
        assertNull(push(r, "web1", "a", "/a", 0, "123456", true, sha256("123456")).error());
        // the same file again within the same job: its bytes count against the same quota
        assertNull(push(r, "web1", "b", "/a", 0, "1234", false, null).error());
        FilePushAck over = push(r, "web1", "b", "/a", 4, "5", true, sha256("12345"));
        assertTrue(over.error().contains("push quota exceeded"), over.error());
        assertEquals(1, r.permits.refusedOverQuota.sum());
        assertEquals("123456", Files.readString(cache.resolve("minions/web1/files/a")));
        assertNoPartialFiles();
        running.set(0, List.of(new PushPermits.PushJob("J2", "/c")));
        assertNull(push(r, "web1", "c", "/c", 0, "123456789", true, sha256("123456789")).error());
    }

    @Test
    void aFileNoRunningJobAskedForIsRefusedCountedAndNothingIsWritten() throws Exception {
        PushReceiver r = receiver("/var/log/app.log");
        FilePushAck ack = push(r, "web1", "t", "/etc/cron.d/planted", 0, "* * * * * root sh", true,
                sha256("* * * * * root sh"));
        assertTrue(ack.error().contains("no cp.push job running on this minion asked for '/etc/cron.d/planted'")
                && ack.error().contains("job J1 asked for '/var/log/app.log'"), ack.error());
        assertEquals(1, r.permits.refusedUnrequested.sum());
        assertEquals(0, r.permits.refusedUnsolicited.sum());
        try (Stream<Path> all = Files.walk(cache)) {
            assertEquals(List.of(), all.filter(Files::isRegularFile).toList(), "something was written");
        }
        // the file the job asked for is still taken
        assertNull(push(r, "web1", "u", "/var/log/app.log", 0, "log", true, sha256("log")).error());
    }

    @Test
    void theFileAJobAskedForIsTakenHoweverItsPathWasSpelled() throws Exception {
        PushReceiver r = receiver("/srv//data/./logs/../app.log");
        assertNull(push(r, "web1", "t", "/srv/data/app.log", 0, "x", true, sha256("x")).error());
        assertEquals("x", Files.readString(cache.resolve("minions/web1/files/srv/data/app.log")));
    }

    @Test
    void eachOfTwoRunningJobsTakesOnlyItsOwnFile() throws Exception {
        PushReceiver r = receiver("/one", "/two");
        assertNull(push(r, "web1", "a", "/two", 0, "2", true, sha256("2")).error());
        assertNull(push(r, "web1", "b", "/one", 0, "1", true, sha256("1")).error());
        assertTrue(push(r, "web1", "c", "/three", 0, "3", true, sha256("3")).error().contains("asked for"));
        assertEquals(1, r.permits.refusedUnrequested.sum());
    }

    @Test
    void aChunkArrivingAfterItsJobEndedIsRefusedAndItsTransferRemoved() throws Exception {
        List<List<PushPermits.PushJob>> running = new ArrayList<>(List.of(List.of(new PushPermits.PushJob("J1",
                "/f"))));
        PushReceiver r = new PushReceiver(cache, id -> running.get(0), 1 << 20);
        assertNull(push(r, "web1", "t", "/f", 0, "ab", false, null).error());
        running.set(0, List.of(new PushPermits.PushJob("J2", "/f"))); // J1 timed out; a new job asks again
        FilePushAck late = push(r, "web1", "t", "/f", 2, "cd", true, sha256("abcd"));
        assertTrue(late.error().contains("job J1, which asked for this push, has ended"), late.error());
        assertFalse(Files.exists(cache.resolve("minions/web1/files/f")));
        assertNoPartialFiles();
    }

    private void assertNoPartialFiles() throws Exception {
        try (Stream<Path> all = Files.walk(cache)) {
            assertEquals(List.of(), all.filter(p -> p.toString().endsWith(".part")).toList());
        }
    }
}
