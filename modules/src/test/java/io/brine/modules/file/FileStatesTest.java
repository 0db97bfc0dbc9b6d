package io.brine.modules.file;

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
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileStatesTest {
    @TempDir Path treeDir;
    @TempDir Path work;
    @TempDir Path backups;
    StateTree tree;
    StateEngine engine;
    final SystemAccounts accounts = new SystemAccounts();

    @BeforeEach
    void setUp() {
        tree = new StateTree(treeDir);
        tree.pillar.put("base", work.toString());
        engine = StateEngine.withInstalledFunctions().withBackupDir(backups);
    }

    @AfterEach
    void cleanUp() throws Exception {
        accounts.removeAll();
    }

    private StateOutcome apply(String sls) {
        tree.file("t.sls", sls);
        return engine.apply(tree.job("t"));
    }

    /** Applies twice; the second run must succeed and change nothing. */
    private StateOutcome applyTwice(String sls) {
        StateOutcome first = apply(sls);
        assertTrue(first.success(), () -> "first run: " + first.ret());
        StateOutcome second = engine.apply(tree.job("t"));
        assertTrue(second.success(), () -> "second run: " + second.ret());
        assertFalse(anyChanges(second), () -> "second run changed something: " + second.ret());
        return first;
    }

    @Test
    void aSourceListTakesTheFirstThatExistsAsLibtofsExpects() throws Exception {
        tree.file("nginx/files/default/nginx.conf", "default\n");
        tree.file("nginx/files/Debian/nginx.conf", "debian\n");
        applyTwice("""
            {{ pillar.base }}/a.conf:
              file.managed:
                - source:
                  - salt://nginx/files/web1/nginx.conf
                  - salt://nginx/files/Debian/nginx.conf
                  - salt://nginx/files/default/nginx.conf
            """);
        assertEquals("debian\n", Files.readString(work.resolve("a.conf")));
        StateOutcome none = apply("""
            {{ pillar.base }}/b.conf:
              file.managed:
                - source: [salt://nope/one, salt://nope/two]
            """);
        assertFalse(none.success());
        assertTrue(none.ret().toString().contains("None of the source files exist: salt://nope/one, salt://nope/two"),
                none.ret().toString());
    }

    @Test
    void contentsComeFromPillarOrGrains() throws Exception {
        tree.pillar.put("motd", Map.of("text", "welcome\n"));
        applyTwice("""
            {{ pillar.base }}/motd:
              file.managed:
                - contents_pillar: motd:text
            {{ pillar.base }}/os:
              file.managed:
                - contents_grains: os
            """);
        assertEquals("welcome\n", Files.readString(work.resolve("motd")));
        assertEquals("Debian\n", Files.readString(work.resolve("os")));
        StateOutcome missing = apply("{{ pillar.base }}/x:\n  file.managed:\n    - contents_pillar: no:such\n");
        assertTrue(missing.ret().toString().contains("contents_pillar: 'no:such' is not set"), missing.ret().toString());
    }

    @Test
    void managedRendersATemplateWithGrainsAndPillarAndSetsOwnerAndMode() throws Exception {
        String user = accounts.newUser();
        tree.pillar.put("port", 8080);
        tree.file("app/app.conf", "id={{ grains['id'] }} family={{ grains.os_family }} port={{ pillar.port }}\n");
        String sls = """
            {{ pillar.base }}/app.conf:
              file.managed:
                - source: brine://app/app.conf
                - template: jinja
                - user: %s
                - group: %s
                - mode: "0640"
            """.formatted(user, user);
        StateOutcome out = applyTwice(sls);
        Path conf = work.resolve("app.conf");
        assertEquals("id=web1 family=Debian port=8080\n", Files.readString(conf));
        PosixFileAttributes attrs = Files.readAttributes(conf, PosixFileAttributes.class);
        assertEquals(user, attrs.owner().getName());
        assertEquals(user, attrs.group().getName());
        assertEquals(0640, Modes.current(conf));
        Map<?, ?> changes = (Map<?, ?>) state(out, conf.toString(), "file.managed").get("changes");
        assertEquals("New file", changes.get("diff"));
        assertEquals("0640", changes.get("mode"));
    }

    @Test
    void changedContentReportsAUnifiedDiffAndKeepsABackup() throws Exception {
        Path conf = work.resolve("c.conf");
        Files.writeString(conf, "a\nb\nc\n");
        StateOutcome out = apply("""
            %s:
              file.managed:
                - contents: ["a", "B", "c"]
                - backup: minion
            """.formatted(conf));
        String diff = (String) ((Map<?, ?>) state(out, conf.toString(), "file.managed").get("changes")).get("diff");
        assertEquals("--- \n+++ \n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n", diff);
        assertEquals("a\nB\nc\n", Files.readString(conf));
        try (Stream<Path> kept = Files.walk(backups)) {
            assertEquals(List.of("a\nb\nc\n"), kept.filter(Files::isRegularFile).map(FileStatesTest::read).toList());
        }
    }

    @Test
    void testModeReportsTheDiffButLeavesTheDiskUntouched() throws Exception {
        Path conf = work.resolve("t.conf");
        Files.writeString(conf, "old\n");
        tree.file("t.sls", """
            %s:
              file.managed:
                - contents: new
            %s/newdir:
              file.directory: []
            %s/gone:
              file.absent: []
            """.formatted(conf, work, conf));
        StateOutcome out = engine.apply(tree.testJob("t"));
        Map<String, Object> managed = state(out, conf.toString(), "file.managed");
        assertNull(managed.get("result"));
        assertTrue(((Map<?, ?>) managed.get("changes")).get("diff").toString().contains("+new"));
        assertEquals("old\n", Files.readString(conf));
        assertFalse(Files.exists(work.resolve("newdir")));
    }

    @Test
    void aSourceEscapingTheFileRootsIsRefused() throws Exception {
        Files.writeString(treeDir.getParent().resolve("outside-" + treeDir.getFileName()), "secret");
        StateOutcome out = apply("""
            %s/stolen:
              file.managed:
                - source: brine://../outside-%s
            """.formatted(work, treeDir.getFileName()));
        Map<String, Object> result = state(out, work + "/stolen", "file.managed");
        assertEquals(false, result.get("result"));
        assertTrue(result.get("comment").toString().contains("refused"), result.get("comment").toString());
        assertFalse(Files.exists(work.resolve("stolen")));
    }

    @Test
    void selinuxContextIsReportedAsNotApplicableWithoutSelinux() {
        StateOutcome out = apply("""
            %s/se.conf:
              file.managed:
                - contents: x
                - setype: httpd_config_t
            """.formatted(work));
        assertTrue(out.success());
        assertTrue(state(out, work + "/se.conf", "file.managed").get("comment").toString().contains("not applied"));
    }

    @Test
    void directoryWithRecurseFixesEverythingBelow() throws Exception {
        String user = accounts.newUser();
        Path dir = Files.createDirectories(work.resolve("d/sub"));
        Files.writeString(dir.resolve("f"), "x");
        applyTwice("""
            %s/d:
              file.directory:
                - user: %s
                - dir_mode: "0750"
                - file_mode: "0600"
                - recurse: [user, mode]
            %s/made/deep:
              file.directory:
                - makedirs: true
            """.formatted(work, user, work));
        assertEquals(user, Files.getOwner(dir.resolve("f")).getName());
        assertEquals(0600, Modes.current(dir.resolve("f")));
        assertEquals(0750, Modes.current(dir));
        assertTrue(Files.isDirectory(work.resolve("made/deep")));
    }

    @Test
    void symlinkIsCreatedAndRetargeted() throws Exception {
        applyTwice("%s/link:\n  file.symlink:\n    - target: /etc/hostname\n".formatted(work));
        assertEquals(Path.of("/etc/hostname"), Files.readSymbolicLink(work.resolve("link")));
        applyTwice("%s/link:\n  file.symlink:\n    - target: /etc/hosts\n".formatted(work));
        assertEquals(Path.of("/etc/hosts"), Files.readSymbolicLink(work.resolve("link")));
    }

    @Test
    void absentRemovesATreeButNotWhatALinkPointsTo() throws Exception {
        Path keep = Files.writeString(work.resolve("keep"), "k");
        Path dir = Files.createDirectories(work.resolve("tree/a"));
        Files.createSymbolicLink(dir.resolve("link"), keep);
        applyTwice("%s/tree:\n  file.absent: []\n".formatted(work));
        assertFalse(Files.exists(work.resolve("tree"), LinkOption.NOFOLLOW_LINKS));
        assertTrue(Files.exists(keep));
    }

    @Test
    void appendAddsOnlyMissingText() throws Exception {
        Path f = Files.writeString(work.resolve("hosts"), "one");
        applyTwice("%s:\n  file.append:\n    - text:\n      - one\n      - two\n".formatted(f));
        assertEquals("one\ntwo\n", Files.readString(f));
    }

    @Test
    void appendWritesInPlaceKeepingModeAndAppendsThroughALinkToTheFile() throws Exception {
        Path f = Files.writeString(work.resolve("secret"), "a\n");
        Files.setPosixFilePermissions(f, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        Path link = Files.createSymbolicLink(work.resolve("secret-link"), f);
        applyTwice("%s:\n  file.append:\n    - text: b\n".formatted(link));
        assertEquals("a\nb\n", Files.readString(f));
        assertTrue(Files.isSymbolicLink(link), "the link stays a link");
        assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(
                Files.getPosixFilePermissions(f)));
        Path fresh = work.resolve("made/below/new");
        applyTwice("%s:\n  file.append:\n    - text: x\n    - makedirs: True\n".formatted(fresh));
        assertEquals("x\n", Files.readString(fresh));
        assertEquals("rw-r--r--", java.nio.file.attribute.PosixFilePermissions.toString(
                Files.getPosixFilePermissions(fresh)));
    }

    @Test
    void absentRemovesALinkNotItsTargetAndDirectoryReplacesALinkInTheWayWithForce() throws Exception {
        Path target = Files.createDirectories(work.resolve("target"));
        Files.writeString(target.resolve("kept"), "k");
        Path link = Files.createSymbolicLink(work.resolve("dirlink"), target);
        applyTwice("%s:\n  file.absent: []\n".formatted(link));
        assertFalse(Files.exists(link, LinkOption.NOFOLLOW_LINKS));
        assertTrue(Files.exists(target.resolve("kept")));
        Files.createSymbolicLink(link, target);
        applyTwice("%s:\n  file.directory:\n    - allow_symlink: False\n    - force: True\n".formatted(link));
        assertTrue(Files.isDirectory(link, LinkOption.NOFOLLOW_LINKS), "a real directory now");
        assertTrue(Files.exists(target.resolve("kept")), "the link's target untouched");
    }

    @Test
    void replaceUsesRegexWithPythonStyleGroupsAndCanAppend() throws Exception {
        Path f = Files.writeString(work.resolve("cfg"), "port = 80\nhost = a\n");
        applyTwice("""
            %s:
              file.replace:
                - pattern: '^(port) = \\d+$'
                - repl: '\\1 = 8080'
            add_line:
              file.replace:
                - name: %s
                - pattern: '^debug = .*$'
                - repl: 'debug = on'
                - append_if_not_found: true
            """.formatted(f, f));
        assertEquals("port = 8080\nhost = a\ndebug = on\n", Files.readString(f));
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
