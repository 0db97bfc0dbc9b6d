package io.brine.modules.pkgrepo;

import static io.brine.states.Outcomes.anyChanges;
import static io.brine.states.Outcomes.state;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.functions.FunctionCaller;
import io.brine.functions.FunctionResult;
import io.brine.states.StateEngine;
import io.brine.states.StateJob;
import io.brine.states.StateOutcome;
import io.brine.states.StateTree;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pkgrepo states against temporary apt and yum directories: the file shapes, keys, test mode, re-applying
 * and removal. Nothing here refreshes apt (refresh: false); {@link AptRepoOnThisMachineTest} does that for real.
 */
class PkgrepoStatesTest {
    @TempDir Path treeDir;
    @TempDir Path dir;
    Path sourcesList;
    Path sourcesDir;
    Path keyrings;
    Path yumDir;
    StateTree tree;
    StateEngine engine;
    String armoredKey;

    @BeforeEach
    void setUp() throws Exception {
        sourcesList = dir.resolve("sources.list");
        sourcesDir = Files.createDirectories(dir.resolve("sources.list.d"));
        keyrings = dir.resolve("keyrings");
        yumDir = Files.createDirectories(dir.resolve("yum.repos.d"));
        tree = new StateTree(treeDir);
        engine = StateEngine.of(List.of(new PkgrepoStates(sourcesList, sourcesDir, keyrings, yumDir)));
        try (InputStream in = getClass().getResourceAsStream("/pkgrepo/test-repo-key.asc")) {
            armoredKey = new String(in.readAllBytes());
        }
        tree.file("keys/repo.asc", armoredKey);
    }

    /** Test mode (nothing written, the changes predicted), for real, then nothing left to do. */
    private Map<String, Object> converge(String id, String function, String sls) throws Exception {
        tree.file("t.sls", sls);
        String snapshot = snapshot();
        StateOutcome dry = engine.apply(tree.testJob("t"));
        Map<String, Object> predicted = state(dry, id, function);
        assertNull(predicted.get("result"), () -> dry.ret().toString());
        assertEquals(snapshot, snapshot(), "test mode changed files");
        StateOutcome first = engine.apply(tree.job("t"));
        assertTrue(first.success(), () -> first.ret().toString());
        Map<String, Object> result = state(first, id, function);
        assertEquals(predicted.get("changes"), result.get("changes"));
        StateOutcome second = engine.apply(tree.job("t"));
        assertTrue(second.success(), () -> second.ret().toString());
        assertFalse(anyChanges(second), () -> second.ret().toString());
        return result;
    }

    /** Every file under the temporary directory with its content, to show test mode wrote nothing. */
    private String snapshot() throws Exception {
        try (var files = Files.walk(dir)) {
            StringBuilder out = new StringBuilder();
            for (Path p : files.filter(Files::isRegularFile).sorted().toList()) {
                out.append(p).append('\n').append(new String(Files.readAllBytes(p))).append('\n');
            }
            return out.toString();
        }
    }

    /** The job for t.sls, with execution functions answered by {@code functions}. */
    private StateJob calling(FunctionCaller functions) {
        StateJob j = tree.job("t");
        return new StateJob(j.sls(), j.files(), j.minionId(), j.grains(), j.pillar(), j.test(), j.policy(),
                j.allowUndefined(), j.commands(), functions);
    }

    private Map<String, Object> failing(String id, String function, String sls) {
        tree.file("bad.sls", sls);
        StateOutcome out = engine.apply(tree.job("bad"));
        Map<String, Object> result = state(out, id, function);
        assertEquals(false, result.get("result"), () -> out.ret().toString());
        return result;
    }

    @Test
    void managedWritesTheLineAndTheDearmouredKeyFromTheStateTree() throws Exception {
        Path keyring = keyrings.resolve("brine-test.gpg");
        String line = "deb [signed-by=" + keyring + " arch=amd64] http://deb.example.com/debian bookworm main";
        Map<String, Object> result = converge("example", "pkgrepo.managed", """
            example:
              pkgrepo.managed:
                - name: %s
                - file: %s
                - key_url: salt://keys/repo.asc
                - refresh: false
            """.formatted(line, sourcesDir.resolve("example.list")));
        assertEquals(line + "\n", Files.readString(sourcesDir.resolve("example.list")));
        assertEquals(Map.of("repo", line, "key", keyring.toString()), result.get("changes"));
        assertEquals("Configured package repo '" + line + "'", result.get("comment"));
        // the same bytes gpg --dearmor writes, which is what apt wants in a .gpg keyring
        Path asc = Files.writeString(dir.resolve("k.asc"), armoredKey);
        Process gpg = new ProcessBuilder("gpg", "--dearmor", "--output", "-", asc.toString()).start();
        assertArrayEquals(gpg.getInputStream().readAllBytes(), Files.readAllBytes(keyring));
        assertEquals(0, gpg.waitFor());
    }

    @Test
    void aFileKeyForAnAscKeyringIsKeptArmouredAndABareSignedbyLivesInTheKeyringDirectory() throws Exception {
        Path source = Files.writeString(dir.resolve("vendor.asc"), armoredKey);
        converge("vendor", "pkgrepo.managed", """
            vendor:
              pkgrepo.managed:
                - name: deb http://deb.example.com/vendor stable main
                - file: %s
                - signedby: vendor.asc
                - key_url: file://%s
                - refresh: false
            """.formatted(sourcesDir.resolve("vendor.list"), source));
        assertEquals("deb [signed-by=" + keyrings.resolve("vendor.asc") + "] http://deb.example.com/vendor stable main\n",
                Files.readString(sourcesDir.resolve("vendor.list")));
        assertEquals(armoredKey, Files.readString(keyrings.resolve("vendor.asc")));
    }

    @Test
    void withoutFileTheEntryGoesToTheMainListAndAChangedEntryIsEditedInPlace() throws Exception {
        Files.writeString(sourcesList, "# the main archive\ndeb http://deb.debian.org/debian bookworm main\n");
        Map<String, Object> result = converge("main", "pkgrepo.managed", """
            main:
              pkgrepo.managed:
                - name: deb http://deb.debian.org/debian/ bookworm main
                - comps: contrib,non-free
                - architectures: amd64,arm64
                - comments: [mirrored nightly]
                - refresh: false
            """);
        String wanted = "deb [arch=amd64,arm64] http://deb.debian.org/debian/ bookworm main contrib non-free"
                + " # mirrored nightly";
        assertEquals("# the main archive\n" + wanted + "\n", Files.readString(sourcesList));
        assertEquals(Map.of("line", Map.of("old", "deb http://deb.debian.org/debian bookworm main", "new", wanted)),
                result.get("changes"));
    }

    @Test
    void disabledWritesTheEntryCommentedOutAndCleanFileLeavesItAlone() throws Exception {
        Path file = Files.writeString(sourcesDir.resolve("old.list"), "deb http://other.example.com/x sid main\n");
        converge("off", "pkgrepo.managed", """
            off:
              pkgrepo.managed:
                - name: deb http://deb.example.com/off bookworm main
                - file: %s
                - disabled: true
                - clean_file: true
                - refresh: false
            """.formatted(file));
        assertEquals("# deb http://deb.example.com/off bookworm main\n", Files.readString(file));
    }

    @Test
    void absentTakesTheComponentsAwayAndTheFileWhenNoSourceIsLeft() throws Exception {
        Path file = Files.writeString(sourcesDir.resolve("x.list"),
                "# kept comment\ndeb [arch=amd64] http://deb.example.com/x bookworm main extra\n");
        converge("extra", "pkgrepo.absent", "extra:\n  pkgrepo.absent:\n    - name: deb http://deb.example.com/x bookworm extra\n");
        assertEquals("# kept comment\ndeb [arch=amd64] http://deb.example.com/x bookworm main\n", Files.readString(file));
        Map<String, Object> result = converge("all", "pkgrepo.absent",
                "all:\n  pkgrepo.absent:\n    - name: deb http://deb.example.com/x/ bookworm main\n");
        assertFalse(Files.exists(file));
        assertEquals(Map.of("repo", "deb http://deb.example.com/x/ bookworm main"), result.get("changes"));
    }

    @Test
    void anHttpKeyComesThroughHttpQueryAndMustBeArmoured() throws Exception {
        Path keyring = keyrings.resolve("web.gpg");
        tree.file("t.sls", """
            web:
              pkgrepo.managed:
                - name: deb [signed-by=%s] http://deb.example.com/web stable main
                - file: %s
                - key_url: https://keys.example.com/web.asc
                - refresh: false
            """.formatted(keyring, sourcesDir.resolve("web.list")));
        FunctionCaller web = (function, args, kwargs) -> {
            assertEquals("http.query", function);
            assertEquals("https://keys.example.com/web.asc", kwargs.get("url"));
            return new FunctionResult(Map.of("status", 200, "headers", Map.of(), "body", armoredKey), 0);
        };
        StateOutcome out = engine.apply(calling(web));
        assertTrue(out.success(), () -> out.ret().toString());
        assertArrayEquals(RepoKey.dearmor(armoredKey).orElseThrow(), Files.readAllBytes(keyring));

        FunctionCaller binary = (function, args, kwargs) ->
                new FunctionResult(Map.of("status", 200, "headers", Map.of(), "body", "\u0099\u0001binary"), 0);
        Files.delete(keyring);
        StateOutcome refused = engine.apply(calling(binary));
        String comment = (String) state(refused, "web", "pkgrepo.managed").get("comment");
        assertTrue(comment.contains("not ASCII-armoured"), comment);
        assertFalse(Files.exists(keyring));
    }

    @Test
    void badArgumentsFailWithAClearComment() {
        String noKeyring = (String) failing("k", "pkgrepo.managed", """
            k:
              pkgrepo.managed:
                - name: deb http://deb.example.com/k stable main
                - key_url: salt://keys/repo.asc
            """).get("comment");
        assertTrue(noKeyring.contains("signed-by"), noKeyring);
        String badName = (String) failing("n", "pkgrepo.managed", "n:\n  pkgrepo.managed:\n    - name: not a source\n")
                .get("comment");
        assertTrue(badName.contains("not valid"), badName);
        String both = (String) failing("b", "pkgrepo.managed",
                "b:\n  pkgrepo.managed:\n    - name: deb http://x.example.com/ s main\n    - enabled: true\n    - disabled: true\n")
                .get("comment");
        assertEquals("Only one of enabled/disabled is allowed", both);
        String missingKey = (String) failing("m", "pkgrepo.managed", """
            m:
              pkgrepo.managed:
                - name: deb [signed-by=/tmp/none.gpg] http://deb.example.com/m stable main
                - key_url: salt://keys/none.asc
            """).get("comment");
        assertTrue(missingKey.contains("salt://keys/none.asc"), missingKey);
        assertFalse(Files.exists(sourcesList));
    }

    @Test
    void yumRepoFileCarriesSaltsKeyNames() throws Exception {
        tree.grains.put("os_family", "RedHat");
        Map<String, Object> result = converge("brine-test", "pkgrepo.managed", """
            brine-test:
              pkgrepo.managed:
                - humanname: Brine test packages
                - baseurl: https://rpm.example.com/el9/$basearch
                - gpgcheck: True
                - gpgkey: file:///etc/pki/rpm-gpg/RPM-GPG-KEY-brine
                - comments: [built nightly]
            """);
        assertEquals("""
            [brine-test]
            name=Brine test packages
            baseurl=https://rpm.example.com/el9/$basearch
            gpgcheck=1
            gpgkey=file:///etc/pki/rpm-gpg/RPM-GPG-KEY-brine
            enabled=1
            # built nightly
            """, Files.readString(yumDir.resolve("brine-test.repo")));
        assertEquals(Map.of("repo", "brine-test"), result.get("changes"));

        Map<String, Object> switched = converge("brine-test", "pkgrepo.managed", """
            brine-test:
              pkgrepo.managed:
                - mirrorlist: https://mirrors.example.com/el9
                - enabled: false
            """);
        assertEquals("""
            [brine-test]
            name=brine-test
            gpgcheck=1
            gpgkey=file:///etc/pki/rpm-gpg/RPM-GPG-KEY-brine
            enabled=0
            mirrorlist=https://mirrors.example.com/el9
            # built nightly
            """, Files.readString(yumDir.resolve("brine-test.repo")));
        Map<?, ?> baseurl = (Map<?, ?>) ((Map<?, ?>) switched.get("changes")).get("baseurl");
        assertEquals("https://rpm.example.com/el9/$basearch", baseurl.get("old"));
        assertNull(baseurl.get("new"));
    }

    @Test
    void yumAbsentRemovesTheSectionAndTheFileWithItsLastRepo() throws Exception {
        tree.grains.put("os_family", "RedHat");
        Path shared = Files.writeString(yumDir.resolve("vendor.repo"),
                "[one]\nname=One\nbaseurl=http://one.example.com/\n\n[two]\nname=Two\nbaseurl=http://two.example.com/\n");
        converge("one", "pkgrepo.absent", "one:\n  pkgrepo.absent\n");
        assertEquals("[two]\nname=Two\nbaseurl=http://two.example.com/\n", Files.readString(shared));
        converge("two", "pkgrepo.absent", "two:\n  pkgrepo.absent\n");
        assertFalse(Files.exists(shared));
        String noUrl = (String) failing("three", "pkgrepo.managed", "three:\n  pkgrepo.managed: []\n").get("comment");
        assertTrue(noUrl.contains("baseurl or a mirrorlist"), noUrl);
    }

    @Test
    void anUnknownFamilyIsRefused() {
        tree.grains.put("os_family", "Arch");
        String comment = (String) failing("x", "pkgrepo.managed", "x:\n  pkgrepo.managed:\n    - baseurl: http://x/\n")
                .get("comment");
        assertTrue(comment.contains("not implemented on this platform"), comment);
    }

    @Test
    void thePkgrepoStatesAreInstalled() {
        assertTrue(StateEngine.withInstalledFunctions().functionNames()
                .containsAll(List.of("pkgrepo.managed", "pkgrepo.absent")));
    }
}
