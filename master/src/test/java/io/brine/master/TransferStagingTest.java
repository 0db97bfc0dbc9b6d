package io.brine.master;

import io.brine.fileserver.RootedFiles;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.protocol.FileReply;
import io.brine.protocol.FileRequest;
import io.brine.targeting.TargetType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TransferStagingTest {
    @TempDir
    Path dir;

    private static final Principal ADMIN = Principal.local("local", "test");

    private final Digests digests = new Digests();
    private final MasterSecrets secrets = new MasterSecrets(List.of());
    private final TransferStaging staging = new TransferStaging(digests, new CopySources(CopyRoots.FILE_ROOTS,
            List.of(), secrets, new AccessPolicy(PublisherAcl.NONE, true, (id, g, p) -> null)));

    private FileServer server() {
        return new FileServer(new RootedFiles(List.of(dir.resolve("roots"))), staging, digests, 1 << 20, secrets);
    }

    private static LiveJob jobFor(String... minions) {
        return new LiveJob(TestJobs.job("20261122000000000001", "cp.recv", List.of(), "x", TargetType.LIST, "local",
                0, 1000, List.of(minions), List.of()));
    }

    private static String name(TransferStaging.Staged s) {
        return (String) ((Map<?, ?>) s.describe().get(0)).get("source");
    }

    @Test
    void onlyTheMinionsTheJobTargetsMayFetchAStagedFile() throws Exception {
        Path source = Files.writeString(dir.resolve("app.conf"), "port: 80\n");
        TransferStaging.Staged s = staging.stage(ADMIN, List.of(source.toString()));
        staging.bind(s, jobFor("web1"));

        FileReply reply = server().serve("web1", new FileRequest(1, name(s), 0, 1024, null));
        assertEquals(FileReply.Status.DATA, reply.status());
        assertEquals("port: 80\n", StandardCharsets.UTF_8.decode(reply.data()).toString());
        assertEquals(Digests.sha256(source), reply.sha256());
        assertEquals(FileReply.Status.REFUSED, server().serve("web2", new FileRequest(2, name(s), 0, 1024, null))
                .status());
    }

    @Test
    void theHashOfAStagedFileComesAtTheLatestWithTheChunkThatEndsIt() throws Exception {
        byte[] content = new byte[3000];
        new Random(3).nextBytes(content);
        Path source = Files.write(dir.resolve("big.bin"), content);
        TransferStaging.Staged s = staging.stage(ADMIN, List.of(source.toString()));
        staging.bind(s, jobFor("web1"));
        String sha = Digests.sha256(source);

        assertFalse(((Map<?, ?>) s.describe().get(0)).containsKey("sha256"), "the job does not wait for the hash");
        FileReply start = server().serve("web1", new FileRequest(1, name(s), 0, 1024, null));
        assertTrue(start.sha256() == null || start.sha256().equals(sha), start.sha256());
        FileReply end = server().serve("web1", new FileRequest(2, name(s), 2048, 1024, null));
        assertEquals(FileReply.Status.DATA, end.status());
        assertEquals(952, end.length());
        assertEquals(sha, end.sha256());
    }

    @Test
    void aFileCopiedAgainUnchangedIsNotHashedAgainAndAChangedOneIs() throws Exception {
        Path source = Files.writeString(dir.resolve("agent.deb"), "version 1\n");
        TransferStaging.Staged first = staging.stage(ADMIN, List.of(source.toString()));
        String sha1 = first.files.get(0).sha256().orElseThrow();
        assertEquals(Digests.sha256(source), sha1);

        TransferStaging.Staged again = staging.stage(ADMIN, List.of(source.toString()));
        assertTrue(again.files.get(0).digest().isDone(), "known at once, not hashed on a thread of its own");
        assertEquals(sha1, again.files.get(0).sha256IfKnown());

        // What "not hashed again" means, the trade-off the cache makes: bytes changed under the same size and
        // modification time keep the remembered hash (a minion then refuses the copy, whose hash differs).
        FileTime stamp = Files.getLastModifiedTime(source);
        Files.writeString(source, "version 9\n");
        Files.setLastModifiedTime(source, stamp);
        assertEquals(sha1, staging.stage(ADMIN, List.of(source.toString())).files.get(0).sha256().orElseThrow());

        Files.writeString(source, "version 22\n");
        TransferStaging.Staged changed = staging.stage(ADMIN, List.of(source.toString()));
        String sha2 = changed.files.get(0).sha256().orElseThrow();
        assertEquals(Digests.sha256(source), sha2);
        assertFalse(sha1.equals(sha2), "a file of another size is hashed anew");

        Files.writeString(source, "version 33\n"); // same size: only the modification time tells
        Files.setLastModifiedTime(source, FileTime.fromMillis(Files.getLastModifiedTime(source).toMillis() + 2000));
        assertEquals(Digests.sha256(source),
                staging.stage(ADMIN, List.of(source.toString())).files.get(0).sha256().orElseThrow());
    }

    @Test
    void aStagedFileIsGoneOnceItsJobIsDone() throws Exception {
        TransferStaging.Staged s = staging.stage(ADMIN, List.of(Files.writeString(dir.resolve("f"), "x").toString()));
        LiveJob job = jobFor("web1");
        staging.bind(s, job);
        job.expire();
        assertEquals(FileReply.Status.NOT_FOUND, server().serve("web1", new FileRequest(1, name(s), 0, 1024, null))
                .status());
        assertTrue(s.files.get(0).digest().isDone(), "nothing is left hashing it");
    }

    @Test
    void aSourceChangedAfterStagingIsNoLongerServed() throws Exception {
        Path source = Files.writeString(dir.resolve("f"), "first");
        TransferStaging.Staged s = staging.stage(ADMIN, List.of(source.toString()));
        staging.bind(s, jobFor("web1"));
        Files.writeString(source, "second, longer");
        Files.setLastModifiedTime(source, FileTime.fromMillis(System.currentTimeMillis() + 5000));
        assertEquals(FileReply.Status.NOT_FOUND, server().serve("web1", new FileRequest(1, name(s), 0, 1024, null))
                .status());
    }

    @Test
    void aSourceThatIsNotAnAbsoluteReadableFileIsRefusedByName() throws Exception {
        Files.createDirectories(dir.resolve("folder"));
        for (String bad : List.of("relative.txt", dir.resolve("missing").toString(),
                dir.resolve("folder").toString())) {
            CopySources.Refused e = assertThrows(CopySources.Refused.class, () -> staging.stage(ADMIN, List.of(bad)));
            assertTrue(e.getMessage().contains(bad), e.getMessage());
        }
    }

    @Test
    void anUnknownStagedNameIsNotFound() throws Exception {
        assertEquals(FileReply.Status.NOT_FOUND, server().serve("web1",
                new FileRequest(1, TransferStaging.PREFIX + "0123/0", 0, 1024, null)).status());
    }
}
