package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.brine.protocol.FileListReply;
import io.brine.protocol.FileListRequest;
import io.brine.protocol.KeyStatus;
import io.brine.protocol.Role;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An accepted minion of our own asks the master to list paths no minion should see or that would make the master
 * hold too much: each is answered with a refusal, never a listing, and the master lists what it may.
 */
class HostileFileListTest {
    private static final Duration WAIT = Duration.ofSeconds(15);

    @TempDir
    Path root;

    @Test
    void listingsOutsideTheRootsOrTooLargeAreRefused() throws Exception {
        Path states = Files.createDirectories(root.resolve("states"));
        Files.writeString(states.resolve("top.sls"), "base: {}\n");
        Path many = Files.createDirectories(states.resolve("many"));
        for (int i = 0; i <= FileListReply.MAX_ENTRIES; i++) {
            Files.createFile(many.resolve("f" + i));
        }
        Files.createDirectories(root.resolve("outside"));
        Files.createSymbolicLink(states.resolve("escape"), root.resolve("outside"));
        Map<Long, FileListReply> replies = new ConcurrentHashMap<>();
        try (TestCluster c = TestCluster.start(root, "file_roots: {base: [" + states + "]}\n")) {
            io.brine.transport.TransportRuntime runtime = new io.brine.transport.TransportRuntime("lister");
            io.brine.transport.DealerEndpoint rogue = new io.brine.transport.DealerEndpoint(runtime,
                    "tcp://127.0.0.1:" + c.port, io.brine.protocol.crypto.StaticKeyPair.generate(),
                    new io.brine.protocol.Hello(Role.MINION, "lister", "rogue"), serverKey -> null,
                    io.brine.transport.TransportSettings.DEFAULTS);
            rogue.start(m -> {
                if (m instanceof FileListReply r) {
                    replies.put(r.requestId(), r);
                }
            });
            try (runtime; rogue) {
                assertEquals(KeyStatus.PENDING, rogue.awaitStatus(WAIT));
                assertEquals(0, c.cli("key", "accept", "lister").exit());
                long accepted = System.nanoTime() + WAIT.toNanos();
                while (rogue.status() != KeyStatus.ACCEPTED && System.nanoTime() < accepted) {
                    Thread.sleep(20);
                }
                List<String> asked = List.of("../outside", "/etc", "a/../../outside", "escape", "nul\0x", "many",
                        "no/such/dir", "");
                for (int i = 0; i < asked.size(); i++) {
                    rogue.send(new FileListRequest(i, asked.get(i)));
                }
                Await.until(() -> replies.size() == asked.size(), "an answer to every listing", WAIT);
            }
        }
        assertEquals(FileListReply.Status.REFUSED, replies.get(0L).status(), "../outside");
        assertEquals(FileListReply.Status.REFUSED, replies.get(1L).status(), "/etc");
        assertEquals(FileListReply.Status.REFUSED, replies.get(2L).status(), "a/../../outside");
        assertEquals(FileListReply.Status.REFUSED, replies.get(3L).status(), "a link leaving the roots");
        assertEquals(FileListReply.Status.REFUSED, replies.get(4L).status(), "a NUL in the path");
        assertEquals(FileListReply.Status.TOO_LARGE, replies.get(5L).status(), "more entries than one answer holds");
        assertEquals(FileListReply.Status.NOT_FOUND, replies.get(6L).status(), "no such directory");
        // the whole tree is too large here (the big directory is in it), so it is refused as a whole, not cut short
        assertEquals(FileListReply.Status.TOO_LARGE, replies.get(7L).status(), "the whole tree");
    }
}
