package io.brine.modules.archive;

import static io.brine.states.Outcomes.anyChanges;
import static io.brine.states.Outcomes.state;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.states.StateEngine;
import io.brine.states.StateOutcome;
import io.brine.states.StateTree;
import io.brine.states.SystemAccounts;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ArchiveExtractedTest {
    @TempDir Path treeDir;
    @TempDir Path work;
    @TempDir Path content;
    StateTree tree;
    final StateEngine engine = StateEngine.withInstalledFunctions();
    final SystemAccounts accounts = new SystemAccounts();

    @BeforeEach
    void setUp() throws Exception {
        tree = new StateTree(treeDir);
        Files.createDirectories(content.resolve("app/bin"));
        Files.writeString(content.resolve("app/README"), "read me\n");
        Files.writeString(content.resolve("app/bin/run"), "#!/bin/sh\n");
        Files.setPosixFilePermissions(content.resolve("app/bin/run"), java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.createSymbolicLink(content.resolve("app/current"), Path.of("bin"));
    }

    @AfterEach
    void cleanUp() throws Exception {
        accounts.removeAll();
    }

    private Path pack(String name, String... argv) throws Exception {
        Path out = treeDir.resolve("archives/" + name);
        Files.createDirectories(out.getParent());
        String[] full = new String[argv.length + 1];
        System.arraycopy(argv, 0, full, 0, argv.length);
        full[argv.length] = "app";
        String[] cmd = Stream.concat(Stream.of(full).limit(argv.length), Stream.of(out.toString(), "app")).toArray(String[]::new);
        Process p = new ProcessBuilder(cmd).directory(content.toFile()).redirectErrorStream(true).start();
        String log = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), log);
        return out;
    }

    private static String sha256(Path file) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    }

    private StateOutcome extract(String archive, String extra) {
        tree.file("t.sls", """
            %s/out:
              archive.extracted:
                - source: brine://archives/%s
            %s""".formatted(work, archive, extra));
        return engine.apply(tree.job("t"));
    }

    private void assertExtracted() throws IOException {
        Path app = work.resolve("out/app");
        assertEquals("read me\n", Files.readString(app.resolve("README")));
        assertTrue(Files.isExecutable(app.resolve("bin/run")));
        assertEquals(Path.of("bin"), Files.readSymbolicLink(app.resolve("current")));
    }

    @Test
    void aTarGzIsExtractedAfterItsHashIsCheckedAndOnlyOnce() throws Exception {
        Path archive = pack("app.tar.gz", "tar", "czf");
        StateOutcome first = extract("app.tar.gz", "    - source_hash: sha256=" + sha256(archive) + "\n");
        assertTrue(first.success(), () -> first.ret().toString());
        assertExtracted();
        assertFalse(anyChanges(engine.apply(tree.job("t"))));
    }

    @Test
    void bzip2AndXzTarballsAreRecognisedByTheirContent() throws Exception {
        pack("app.tar.bz2", "tar", "cjf");
        assertTrue(extract("app.tar.bz2", "").success());
        assertExtracted();
        Files.walk(work.resolve("out")).sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        pack("app.txz", "tar", "cJf");
        assertTrue(extract("app.txz", "").success());
        assertExtracted();
    }

    @Test
    void aZipIsExtractedWithOwnership() throws Exception {
        String user = accounts.newUser();
        Path archive = pack("app.zip", "zip", "-q", "-r", "-y");
        StateOutcome out = extract("app.zip", "    - source_hash: " + sha256(archive) + "\n    - user: " + user + "\n");
        assertTrue(out.success(), () -> out.ret().toString());
        assertExtracted();
        assertEquals(user, Files.getOwner(work.resolve("out/app/README")).getName());
        assertFalse(anyChanges(engine.apply(tree.job("t"))));
    }

    @Test
    void aWrongHashFailsAndExtractsNothing() throws Exception {
        pack("app.tar.gz", "tar", "czf");
        StateOutcome out = extract("app.tar.gz", "    - source_hash: sha256=" + "0".repeat(64) + "\n");
        Map<String, Object> result = state(out, work + "/out", "archive.extracted");
        assertEquals(false, result.get("result"));
        assertTrue(result.get("comment").toString().contains("Hash mismatch"));
        assertFalse(Files.exists(work.resolve("out")));
    }

    @Test
    void ifMissingSkipsTheExtraction() throws Exception {
        pack("app.tar.gz", "tar", "czf");
        StateOutcome out = extract("app.tar.gz", "    - if_missing: " + work + "\n");
        assertEquals("Path " + work + " exists", state(out, work + "/out", "archive.extracted").get("comment"));
        assertFalse(Files.exists(work.resolve("out")));
    }

    @Test
    void testModeListsTheFilesButWritesNothing() throws Exception {
        pack("app.tar.gz", "tar", "czf");
        tree.file("t.sls", "%s/out:\n  archive.extracted:\n    - source: brine://archives/app.tar.gz\n".formatted(work));
        Map<String, Object> result = state(engine.apply(tree.testJob("t")), work + "/out", "archive.extracted");
        assertNull(result.get("result"));
        assertTrue(((Map<?, ?>) result.get("changes")).get("extracted_files").toString().contains("app/README"));
        assertFalse(Files.exists(work.resolve("out")));
    }

    @Test
    void entriesEscapingTheTargetAreRefusedBeforeAnythingIsWritten() throws Exception {
        Path outside = work.resolve("outside");
        Files.createDirectories(outside);
        hostile("dotdot.tar.gz", tar -> file(tar, "ok.txt", "fine"), tar -> file(tar, "../outside/evil", "x"));
        hostile("absolute.tar.gz", tar -> file(tar, "ok.txt", "fine"), tar -> file(tar, outside + "/evil", "x"));
        hostile("symlink.tar.gz", tar -> link(tar, "escape", "../outside"), tar -> file(tar, "escape/evil", "x"));
        hostile("abslink.tar.gz", tar -> link(tar, "escape", outside.toString()), tar -> file(tar, "ok.txt", "x"));
        for (String name : new String[] {"dotdot.tar.gz", "absolute.tar.gz", "symlink.tar.gz", "abslink.tar.gz"}) {
            tree.file("t.sls", "%s/target:\n  archive.extracted:\n    - source: brine://archives/%s\n".formatted(work, name));
            Map<String, Object> result = state(engine.apply(tree.job("t")), work + "/target", "archive.extracted");
            assertEquals(false, result.get("result"), name);
            assertTrue(result.get("comment").toString().contains("Refusing"), result.get("comment").toString());
            assertFalse(Files.exists(work.resolve("target")), name + " wrote into the target");
            try (Stream<Path> files = Files.list(outside)) {
                assertEquals(0, files.count(), name + " wrote outside the target");
            }
        }
    }

    @Test
    void aSymlinkAlreadyInTheTargetIsNotFollowedOut() throws Exception {
        Path outside = Files.createDirectories(work.resolve("outside"));
        Path target = Files.createDirectories(work.resolve("target"));
        Files.createSymbolicLink(target.resolve("sub"), outside);
        hostile("plain.tar.gz", tar -> file(tar, "sub/evil", "x"));
        tree.file("t.sls", "%s:\n  archive.extracted:\n    - source: brine://archives/plain.tar.gz\n".formatted(target));
        assertEquals(false, state(engine.apply(tree.job("t")), target.toString(), "archive.extracted").get("result"));
        assertFalse(Files.exists(outside.resolve("evil")));
    }

    @Test
    void aTarBombIsRefusedUnlessEnforceToplevelIsFalse() throws Exception {
        hostile("bomb.tar.gz", tar -> file(tar, "one.txt", "1"), tar -> file(tar, "two/two.txt", "2"));
        StateOutcome refused = extract("bomb.tar.gz", "");
        Map<String, Object> result = state(refused, work + "/out", "archive.extracted");
        assertEquals(false, result.get("result"));
        assertTrue(result.get("comment").toString().startsWith("Archive does not have a single top-level directory"));
        assertFalse(Files.exists(work.resolve("out")));

        StateOutcome allowed = extract("bomb.tar.gz", "    - enforce_toplevel: False\n");
        assertEquals(true, state(allowed, work + "/out", "archive.extracted").get("result"), () -> allowed.ret().toString());
        assertEquals("2", Files.readString(work.resolve("out/two/two.txt")));
        assertFalse(anyChanges(engine.apply(tree.job("t"))));
    }

    @Test
    void stripComponentsDropsTheTopDirectoryAndTrimOutputShortensTheList() throws Exception {
        pack("app.tar.gz", "tar", "czf");
        String extra = "    - options: xv --strip-components=1\n    - enforce_toplevel: False\n    - trim_output: 1\n";
        tree.file("t.sls", "%s/out:\n  archive.extracted:\n    - source: brine://archives/app.tar.gz\n%s"
                .formatted(work, extra));
        Map<String, Object> predicted = state(engine.apply(tree.testJob("t")), work + "/out", "archive.extracted");
        assertNull(predicted.get("result"));
        assertEquals(1, ((java.util.List<?>) ((Map<?, ?>) predicted.get("changes")).get("extracted_files")).size());
        assertFalse(Files.exists(work.resolve("out")));

        StateOutcome out = extract("app.tar.gz", extra);
        assertEquals(true, state(out, work + "/out", "archive.extracted").get("result"), () -> out.ret().toString());
        assertEquals("read me\n", Files.readString(work.resolve("out/README")));
        assertTrue(Files.isExecutable(work.resolve("out/bin/run")));
        assertFalse(Files.exists(work.resolve("out/app")));
        assertFalse(anyChanges(engine.apply(tree.job("t"))));

        Map<String, Object> bad = state(extract("app.tar.gz", "    - options: --to-command=sh\n"), work + "/out",
                "archive.extracted");
        assertEquals(false, bad.get("result"));
        assertTrue(bad.get("comment").toString().contains("'--to-command=sh' is not supported"), bad::toString);
    }

    interface Member {
        void write(TarArchiveOutputStream tar) throws IOException;
    }

    private void hostile(String name, Member... members) throws IOException {
        Path out = treeDir.resolve("archives/" + name);
        Files.createDirectories(out.getParent());
        try (OutputStream raw = Files.newOutputStream(out);
                  TarArchiveOutputStream tar = new TarArchiveOutputStream(new GzipCompressorOutputStream(raw))) {
            tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
            for (Member m : members) {
                m.write(tar);
            }
        }
    }

    private static void file(TarArchiveOutputStream tar, String name, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        TarArchiveEntry e = new TarArchiveEntry(name, true);
        e.setSize(bytes.length);
        tar.putArchiveEntry(e);
        tar.write(bytes);
        tar.closeArchiveEntry();
    }

    private static void link(TarArchiveOutputStream tar, String name, String target) throws IOException {
        TarArchiveEntry e = new TarArchiveEntry(name, TarArchiveEntry.LF_SYMLINK, true);
        e.setLinkName(target);
        tar.putArchiveEntry(e);
        tar.closeArchiveEntry();
    }
}
