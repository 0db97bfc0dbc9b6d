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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The line-editing file states: each predicts its diff in test mode, applies it, then finds nothing to do. */
class FileEditStatesTest {
    @TempDir Path treeDir;
    @TempDir Path work;
    StateTree tree;
    final StateEngine engine = StateEngine.withInstalledFunctions();

    @BeforeEach
    void setUp() {
        tree = new StateTree(treeDir);
    }

    /**
     * Applies the state in test mode (nothing may change, the predicted diff must equal the real one), then for
     * real, then again expecting no changes; returns the real run's changes of {@code id}.
     */
    private Map<?, ?> converge(Path file, String function, String sls) throws Exception {
        tree.file("t.sls", sls);
        String original = Files.exists(file) ? Files.readString(file) : null;
        StateOutcome dry = engine.apply(tree.testJob("t"));
        Map<String, Object> predicted = state(dry, file.toString(), function);
        assertNull(predicted.get("result"), () -> "test run: " + dry.ret());
        assertEquals(original, Files.exists(file) ? Files.readString(file) : null, "test mode changed the file");
        StateOutcome first = engine.apply(tree.job("t"));
        assertTrue(first.success(), () -> "first run: " + first.ret());
        Map<?, ?> changes = (Map<?, ?>) state(first, file.toString(), function).get("changes");
        assertEquals(predicted.get("changes"), changes);
        StateOutcome second = engine.apply(tree.job("t"));
        assertTrue(second.success(), () -> "second run: " + second.ret());
        assertFalse(anyChanges(second), () -> "second run changed something: " + second.ret());
        return changes;
    }

    private StateOutcome apply(String sls) {
        tree.file("t.sls", sls);
        return engine.apply(tree.job("t"));
    }

    @Test
    void lineReplacesMatchingLinesKeepingTheirIndentation() throws Exception {
        Path f = Files.writeString(work.resolve("sshd"), "Port 22\n  #PermitRootLogin yes\n");
        Map<?, ?> changes = converge(f, "file.line", """
            %s:
              file.line:
                - content: PermitRootLogin no
                - match: ^\\s*#?PermitRootLogin
                - mode: replace
            """.formatted(f));
        assertEquals("Port 22\n  PermitRootLogin no\n", Files.readString(f));
        assertEquals("--- \n+++ \n@@ -1,2 +1,2 @@\n Port 22\n-  #PermitRootLogin yes\n+  PermitRootLogin no\n",
                changes.get("diff"));
    }

    @Test
    void lineInsertsAfterAnAnchorAndAtTheEnd() throws Exception {
        Path f = Files.writeString(work.resolve("cfg"), "[main]\n    a = 1\n[other]\n");
        converge(f, "file.line", """
            %s:
              file.line:
                - content: b = 2
                - mode: insert
                - after: ^\\s*a = 1
            at_end:
              file.line:
                - name: %s
                - content: "# end"
                - mode: insert
                - location: end
            """.formatted(f, f));
        assertEquals("[main]\n    a = 1\n    b = 2\n[other]\n# end\n", Files.readString(f));
    }

    @Test
    void lineEnsuresTheLineBetweenBeforeAndAfterAndDeletes() throws Exception {
        Path f = Files.writeString(work.resolve("cfg"), "start\nold\nend\nobsolete = 1\n");
        converge(f, "file.line", """
            %s:
              file.line:
                - content: new
                - mode: ensure
                - after: ^start
                - before: ^end
            drop:
              file.line:
                - name: %s
                - match: ^obsolete
                - mode: delete
            """.formatted(f, f));
        assertEquals("start\nnew\nend\n", Files.readString(f));
    }

    @Test
    void lineFailsWhenItsAnchorIsMissing() throws Exception {
        Path f = Files.writeString(work.resolve("cfg"), "x\n");
        StateOutcome out = apply("%s:\n  file.line:\n    - content: y\n    - mode: insert\n    - after: ^nothere\n"
                .formatted(f));
        assertEquals(false, state(out, f.toString(), "file.line").get("result"));
        assertEquals("x\n", Files.readString(f));
    }

    @Test
    void blockreplaceRewritesTheMarkedBlockOrAppendsIt() throws Exception {
        Path f = Files.writeString(work.resolve("hosts"), "127.0.0.1 localhost\n");
        String sls = """
            %s:
              file.blockreplace:
                - marker_start: "# BEGIN managed"
                - marker_end: "# END managed"
                - content: |
                    10.0.0.1 db
                    10.0.0.2 web
                - append_if_not_found: true
            """.formatted(f);
        converge(f, "file.blockreplace", sls);
        assertEquals("127.0.0.1 localhost\n# BEGIN managed\n10.0.0.1 db\n10.0.0.2 web\n# END managed\n",
                Files.readString(f));
        Map<?, ?> changes = converge(f, "file.blockreplace", sls.replace("10.0.0.2 web", "10.0.0.3 cache")
                .replace("append_if_not_found", "show_changes: false\n    - prepend_if_not_found"));
        assertEquals("<show_changes=False>", changes.get("diff"));
        assertEquals("127.0.0.1 localhost\n# BEGIN managed\n10.0.0.1 db\n10.0.0.3 cache\n# END managed\n",
                Files.readString(f));
    }

    @Test
    void commentAndUncommentRoundTripAnIndentedLine() throws Exception {
        Path f = Files.writeString(work.resolve("fstab"), "/dev/sda1 / ext4\n  /dev/sdb1 /data ext4\n");
        converge(f, "file.comment", "%s:\n  file.comment:\n    - regex: ^/dev/sdb1\n".formatted(f));
        assertEquals("/dev/sda1 / ext4\n  #/dev/sdb1 /data ext4\n", Files.readString(f));
        converge(f, "file.uncomment", "%s:\n  file.uncomment:\n    - regex: /dev/sdb1\n".formatted(f));
        assertEquals("/dev/sda1 / ext4\n  /dev/sdb1 /data ext4\n", Files.readString(f));
        StateOutcome missing = apply("%s:\n  file.comment:\n    - regex: ^nothing\n".formatted(f));
        assertEquals(false, state(missing, f.toString(), "file.comment").get("result"));
    }

    @Test
    void copyLeavesADifferentTargetAloneUnlessForced() throws Exception {
        Path src = Files.writeString(work.resolve("src"), "v1\n");
        Path dst = work.resolve("sub/dst");
        converge(dst, "file.copy", "%s:\n  file.copy:\n    - source: %s\n    - makedirs: true\n".formatted(dst, src));
        assertEquals("v1\n", Files.readString(dst));
        Files.writeString(src, "v2\n");
        String sls = "%s:\n  file.copy:\n    - source: %s\n".formatted(dst, src);
        StateOutcome kept = apply(sls);
        assertFalse(anyChanges(kept), kept.ret().toString());
        assertEquals("v1\n", Files.readString(dst));
        Map<?, ?> changes = converge(dst, "file.copy", sls + "    - force: true\n");
        assertEquals(Map.of(dst.toString(), src.toString()), changes);
        assertEquals("v2\n", Files.readString(dst));
    }

    @Test
    void renameMovesOnceAndThenFindsItDone() throws Exception {
        Path src = Files.writeString(work.resolve("old.conf"), "x\n");
        Path dst = work.resolve("new/app.conf");
        converge(dst, "file.rename", "%s:\n  file.rename:\n    - source: %s\n    - makedirs: true\n"
                .formatted(dst, src));
        assertFalse(Files.exists(src));
        assertEquals("x\n", Files.readString(dst));
    }

    @Test
    void keyvalueSetsUncommentsAndAppendsKeys() throws Exception {
        Path f = Files.writeString(work.resolve("sshd"), "Port 22\n#PermitRootLogin yes\nX11Forwarding yes\n");
        converge(f, "file.keyvalue", """
            %s:
              file.keyvalue:
                - key_values:
                    PermitRootLogin: "no"
                    X11Forwarding: "no"
                    UseDNS: "no"
                - separator: " "
                - uncomment: "#"
                - append_if_not_found: true
            """.formatted(f));
        assertEquals("Port 22\nPermitRootLogin no\nX11Forwarding no\nUseDNS no\n", Files.readString(f));
    }

    @Test
    void serializeWritesSortedJsonFromPillarAndMergesIntoAnExistingFile() throws Exception {
        Path f = Files.writeString(work.resolve("app.json"), "{\"keep\": 1, \"db\": {\"host\": \"old\", \"port\": 5432}}");
        tree.pillar.put("app", Map.of("config", Map.of("db", Map.of("host", "db1"), "list", java.util.List.of(1, 2))));
        converge(f, "file.serialize", """
            %s:
              file.serialize:
                - dataset_pillar: app:config
                - formatter: json
                - merge_if_exists: true
            """.formatted(f));
        assertEquals("{\n  \"db\": {\n    \"host\": \"db1\",\n    \"port\": 5432\n  },\n  \"keep\": 1,\n  \"list\": [\n"
                + "    1,\n    2\n  ]\n}\n", Files.readString(f));
    }

    @Test
    void serializeWritesANewYamlFile() throws Exception {
        Path f = work.resolve("app.yaml");
        Map<?, ?> changes = converge(f, "file.serialize", """
            %s:
              file.serialize:
                - dataset: {name: app, ports: [80, 443]}
            """.formatted(f));
        assertEquals("New file", changes.get("diff"));
        assertEquals("name: app\nports:\n- 80\n- 443\n", Files.readString(f));
    }

    @Test
    void replaceCanHideItsDiffAndBlockreplaceKeepsABackupWhenAsked() throws Exception {
        Path conf = Files.writeString(work.resolve("secret.conf"), "password=old\n");
        Map<?, ?> hidden = converge(conf, "file.replace", """
            %s:
              file.replace:
                - pattern: old
                - repl: new
                - show_changes: False
            """.formatted(conf));
        assertEquals(Map.of("diff", "<show_changes=False>"), hidden);
        assertEquals("password=new\n", Files.readString(conf));

        Path block = Files.writeString(work.resolve("block.conf"), "a\n# BEGIN\nold\n# END\n");
        converge(block, "file.blockreplace", """
            %s:
              file.blockreplace:
                - marker_start: "# BEGIN"
                - marker_end: "# END"
                - content: fresh
                - backup: .orig
            """.formatted(block));
        assertEquals("a\n# BEGIN\nfresh\n# END\n", Files.readString(block));
        assertEquals("a\n# BEGIN\nold\n# END\n", Files.readString(work.resolve("block.conf.orig")));
    }
}
