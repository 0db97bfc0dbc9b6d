package io.brine.master;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.config.ConfigException;
import io.brine.config.ConfigFile;
import io.brine.fileserver.RootedFiles;
import io.brine.protocol.FileReply;
import io.brine.protocol.FileRequest;
import io.brine.targeting.TargetType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a copy may read on the master: a named caller only files under its own roots, reached without following
 * links, never the master's secrets, and one answer for every file it may not have; the local admin anything
 * but the secrets.
 */
class CopySourcesTest {
    private static final Principal ADMIN = Principal.local("local", "test");
    private static final Principal ALICE = Principal.named("alice", "test");
    private static final Principal BOB = Principal.named("bob", "test");

    @TempDir
    Path dir;
    private Path pki;
    private CopySources sources;

    @BeforeEach
    void tree() throws Exception {
        Files.createDirectories(dir.resolve("alice"));
        Files.createDirectories(dir.resolve("shared/sub"));
        Files.createDirectories(dir.resolve("other"));
        Files.writeString(dir.resolve("alice/a.txt"), "alice's");
        Files.writeString(dir.resolve("shared/sub/s.txt"), "everyone's");
        Files.writeString(dir.resolve("other/o.txt"), "nobody's");
        // An operator who lists a folder holding the master's keys among the roots still never copies them.
        pki = Files.createDirectories(dir.resolve("shared/pki"));
        Files.writeString(pki.resolve("client.pem"), "THE LOCAL OPERATOR'S KEY");
        sources = new CopySources(new CopyRoots(Map.of("alice", List.of(dir.resolve("alice")),
                CopyRoots.EVERYONE, List.of(dir.resolve("shared"))), false), List.of(),
                new MasterSecrets(List.of(pki)), new AccessPolicy(PublisherAcl.NONE, true, (id, g, p) -> null));
    }

    @Test
    void aNamedCallerCopiesFromItsOwnRootsAndTheSharedOnesOnly() throws Exception {
        assertEquals("alice's", read(sources.open(ALICE, dir.resolve("alice/a.txt").toString())));
        assertEquals("everyone's", read(sources.open(ALICE, dir.resolve("shared/sub/s.txt").toString())));
        assertEquals("everyone's", read(sources.open(BOB, dir.resolve("shared/sub/s.txt").toString())));
        assertThrows(CopySources.Refused.class, () -> sources.open(BOB, dir.resolve("alice/a.txt").toString()));
        assertThrows(CopySources.Refused.class, () -> sources.open(ALICE, dir.resolve("other/o.txt").toString()));
    }

    @Test
    void everyFileANamedCallerMayNotCopyGetsTheSameAnswer() throws Exception {
        Files.createSymbolicLink(dir.resolve("shared/escape.txt"), dir.resolve("other/o.txt"));
        Files.createSymbolicLink(dir.resolve("shared/linkdir"), dir.resolve("other"));
        Files.createSymbolicLink(dir.resolve("shared/inside.txt"), dir.resolve("shared/sub/s.txt"));
        List<String> refused = List.of(
                dir.resolve("shared/missing.txt").toString(),            // missing
                dir.resolve("shared/sub").toString(),                    // a directory
                dir.resolve("shared").toString(),                        // a root itself
                dir.resolve("shared/../other/o.txt").toString(),         // '..' out of the root
                dir.resolve("shared/sub/../sub/s.txt").toString(),       // '..' even when it stays inside
                dir.resolve("shared/escape.txt").toString(),             // a link out of the root
                dir.resolve("shared/inside.txt").toString(),             // a link, even one that stays inside
                dir.resolve("shared/linkdir/o.txt").toString(),          // a linked directory on the way
                pki.resolve("client.pem").toString(),                    // the master's keys
                dir.resolve("other/o.txt").toString(),                   // outside every root
                "/etc/passwd",
                "shared/sub/s.txt");                                     // not absolute
        Set<String> answers = new HashSet<>();
        for (String source : refused) {
            CopySources.Refused e = assertThrows(CopySources.Refused.class, () -> sources.open(ALICE, source),
                    source);
            answers.add(e.getMessage().replace(source.replaceAll("\\p{Cntrl}", "?"), "SOURCE"));
            assertTrue(!e.reason.isBlank(), "the audit log gets the real reason for " + source);
        }
        assertEquals(Set.of("cannot copy 'SOURCE': no such file among those 'alice' may copy"), answers);
    }

    @Test
    void theMastersSecretsAreNotCopiedEvenByTheLocalAdminWhoOtherwiseCopiesAnything() throws Exception {
        assertEquals("nobody's", read(sources.open(ADMIN, dir.resolve("other/o.txt").toString())));
        Files.createSymbolicLink(dir.resolve("keys"), pki);
        for (String secret : List.of(pki.resolve("client.pem").toString(), dir.resolve("keys/client.pem").toString(),
                dir.resolve("shared/sub/../pki/client.pem").toString())) {
            CopySources.Refused e = assertThrows(CopySources.Refused.class, () -> sources.open(ADMIN, secret));
            assertTrue(e.getMessage().contains("never copied"), e.getMessage());
        }
    }

    @Test
    void whatIsServedIsWhatWasOpenedEvenIfTheFolderIsSwappedForALinkAfterwards() throws Exception {
        Path folder = dir.resolve("shared/release");
        Files.createDirectories(folder);
        Files.writeString(folder.resolve("client.pem"), "release notes");
        Digests digests = new Digests();
        MasterSecrets secrets = new MasterSecrets(List.of(pki));
        TransferStaging staging = new TransferStaging(digests, sources);
        TransferStaging.Staged s = staging.stage(ALICE, List.of(folder.resolve("client.pem").toString()));
        staging.bind(s, new LiveJob(TestJobs.job("20261127000000000001", "cp.recv", List.of(), "web1",
                TargetType.LIST, "alice", 0, 60_000, List.of("web1"), List.of())));

        // Swapped after the copy was asked for: the same name now leads to the master's key.
        Files.move(folder, dir.resolve("shared/release.old"));
        Files.createSymbolicLink(folder, pki);
        FileServer server = new FileServer(new RootedFiles(List.of(dir.resolve("roots"))), staging, digests, 1 << 20,
                secrets);
        String name = (String) ((Map<?, ?>) s.describe().get(0)).get("source");
        FileReply reply = server.serve("web1", new FileRequest(1, name, 0, 1024, null));
        if (reply.status() == FileReply.Status.DATA) {
            assertEquals("release notes", StandardCharsets.UTF_8.decode(reply.data()).toString());
        } else {
            assertEquals(FileReply.Status.NOT_FOUND, reply.status(), "withdrawn as changed, or served as opened");
        }
    }

    @Test
    void withoutCpRootsNamedCallersCopyFromFileRoots() throws Exception {
        CopySources fromFileRoots = new CopySources(CopyRoots.FILE_ROOTS, List.of(dir.resolve("other")),
                new MasterSecrets(List.of()), new AccessPolicy(PublisherAcl.NONE, true, (id, g, p) -> null));
        assertEquals("nobody's", read(fromFileRoots.open(ALICE, dir.resolve("other/o.txt").toString())));
        assertThrows(CopySources.Refused.class,
                () -> fromFileRoots.open(ALICE, dir.resolve("shared/sub/s.txt").toString()));
    }

    @Test
    void cpRootsIsAListForEveryoneOrAMappingPerIdentityAndAnythingElseNamesTheKey() {
        MasterConfig list = MasterConfig.from(ConfigFile.parse("cp_roots: [/srv/files]\n", "master.yaml"));
        assertEquals(List.of(Path.of("/srv/files")), list.access().cpRoots().of("alice", List.of()));
        MasterConfig map = MasterConfig.from(ConfigFile.parse("""
                cp_roots:
                  '*': [/srv/files]
                  token:heat: [/srv/heat]
                """, "master.yaml"));
        assertEquals(List.of(Path.of("/srv/heat"), Path.of("/srv/files")),
                map.access().cpRoots().of("token:heat", List.of()));
        assertEquals(List.of(Path.of("/srv/files")), map.access().cpRoots().of("alice", List.of()));
        assertTrue(MasterConfig.from(ConfigFile.parse("{}", "master.yaml")).access().cpRoots().fileRoots());
        for (String bad : List.of("cp_roots: /srv\n", "cp_roots:\n  alice: /srv\n", "cp_roots:\n  '../x': [/srv]\n",
                "cp_roots: [1]\n")) {
            ConfigException e = assertThrows(ConfigException.class,
                    () -> MasterConfig.from(ConfigFile.parse(bad, "master.yaml")), bad);
            assertTrue(e.getMessage().contains("master.yaml:") && e.getMessage().contains("cp_roots"),
                    e.getMessage());
        }
    }

    private static String read(CopySources.Opened o) throws Exception {
        try (java.nio.channels.FileChannel ch = o.channel()) {
            java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate((int) o.size());
            while (b.hasRemaining() && ch.read(b, b.position()) > 0) {
                // sources here are a few bytes
            }
            return new String(b.array(), StandardCharsets.UTF_8);
        }
    }
}
