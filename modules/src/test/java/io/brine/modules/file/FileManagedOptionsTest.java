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
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** file.managed's arguments formulas rely on: source_hash, show_changes, check_cmd, follow_symlinks and more. */
class FileManagedOptionsTest {
    @TempDir Path treeDir;
    @TempDir Path work;
    StateTree tree;
    final StateEngine engine = StateEngine.withInstalledFunctions();

    @BeforeEach
    void setUp() {
        tree = new StateTree(treeDir);
        tree.file("app/app.conf", "hello\n");
    }

    private StateOutcome apply(String sls) {
        tree.file("t.sls", sls);
        return engine.apply(tree.job("t"));
    }

    private StateOutcome dryRun(String sls) {
        tree.file("t.sls", sls);
        return engine.apply(tree.testJob("t"));
    }

    private static Map<String, Object> only(StateOutcome out) {
        assertEquals(1, out.states().size(), () -> out.ret().toString());
        @SuppressWarnings("unchecked")
        Map<String, Object> s = (Map<String, Object>) out.states().values().iterator().next();
        return s;
    }

    private static Map<?, ?> changes(StateOutcome out) {
        return (Map<?, ?>) only(out).get("changes");
    }

    private static String digest(String algorithm, String text) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance(algorithm).digest(text.getBytes(StandardCharsets.UTF_8)));
    }

    private String managed(Path target, String... lines) {
        StringBuilder sls = new StringBuilder(target + ":\n  file.managed:\n");
        for (String line : lines) {
            sls.append("    - ").append(line).append('\n');
        }
        return sls.toString();
    }

    @Test
    void sourceHashInEachOfSaltsFormsIsCheckedBeforeWriting() throws Exception {
        String sha256 = digest("SHA-256", "hello\n");
        String md5 = digest("MD5", "hello\n");
        tree.file("app/SHA256SUMS", digest("SHA-256", "other\n") + "  other.conf\n" + sha256 + " *app.conf\n");
        String[] accepted = {"sha256=" + sha256, md5, "salt://app/SHA256SUMS"};
        for (int i = 0; i < accepted.length; i++) {
            Path target = work.resolve("ok" + i);
            StateOutcome out = apply(managed(target, "source: salt://app/app.conf", "source_hash: " + accepted[i],
                    "keep_source: False"));
            assertEquals(true, only(out).get("result"), () -> out.ret().toString());
            assertEquals("hello\n", Files.readString(target));
        }

        Path refused = work.resolve("refused");
        String wrong = "sha256=" + "0".repeat(64);
        StateOutcome dry = dryRun(managed(refused, "source: salt://app/app.conf", "source_hash: " + wrong));
        assertEquals(false, only(dry).get("result"), "test mode reports the mismatch too");
        StateOutcome bad = apply(managed(refused, "source: salt://app/app.conf", "source_hash: " + wrong));
        assertEquals(false, only(bad).get("result"));
        String comment = only(bad).get("comment").toString();
        assertTrue(comment.contains("does not match source_hash") && comment.contains(sha256), comment);
        assertFalse(Files.exists(refused), "nothing is written from a source that fails its hash");

        StateOutcome skipped = apply(managed(refused, "source: salt://app/app.conf", "source_hash: " + wrong,
                "skip_verify: True"));
        assertEquals(true, only(skipped).get("result"), () -> skipped.ret().toString());
        StateOutcome invalid = apply(managed(work.resolve("x"), "source: salt://app/app.conf", "source_hash: sha256=abc"));
        assertTrue(only(invalid).get("comment").toString().contains("Invalid source_hash"), () -> invalid.ret().toString());
    }

    @Test
    void showChangesFalseReportsThatContentChangedWithoutTheDiff() throws Exception {
        Path conf = work.resolve("secret.conf");
        Files.writeString(conf, "password=old\n");
        String sls = managed(conf, "contents: password=new", "show_changes: False");
        StateOutcome dry = dryRun(sls);
        assertNull(only(dry).get("result"));
        assertEquals("<show_changes=False>", changes(dry).get("diff"));
        StateOutcome out = apply(sls);
        assertEquals(Map.of("diff", "<show_changes=False>"), changes(out));
        assertEquals("password=new\n", Files.readString(conf));
        assertFalse(anyChanges(engine.apply(tree.job("t"))));

        // show_diff is Salt's deprecated spelling, and it wins over show_changes
        StateOutcome aliased = apply(managed(conf, "contents: password=newer", "show_diff: False"));
        assertEquals(Map.of("diff", "<show_changes=False>"), changes(aliased));
        assertEquals("password=newer\n", Files.readString(conf));
    }

    @Test
    void checkCmdSeesTheNewContentInATempFileAndAFailureLeavesTheTargetAlone() throws Exception {
        Path conf = work.resolve("app.conf");
        Files.writeString(conf, "original\n");
        Path tmp = Files.createDirectory(work.resolve("tmp"));
        StateOutcome dry = dryRun(managed(conf, "contents: bad", "check_cmd: 'false'"));
        assertNull(only(dry).get("result"), "test mode does not run check_cmd");

        StateOutcome refused = apply(managed(conf, "contents: bad", "check_cmd: grep -q good"));
        assertEquals(false, only(refused).get("result"));
        assertTrue(only(refused).get("comment").toString().contains("check_cmd"), () -> refused.ret().toString());
        assertTrue(changes(refused).isEmpty());
        assertEquals("original\n", Files.readString(conf));

        // the checker sees a file of the given suffix in the given directory, holding the new content
        String check = "sh -c 'case \"$0\" in " + tmp + "/*.conf) grep -q good \"$0\";; *) exit 3;; esac'";
        StateOutcome passed = apply(managed(conf, "contents: good", "check_cmd: \"" + check.replace("\"", "\\\"")
                + "\"", "tmp_dir: " + tmp, "tmp_ext: .conf"));
        assertEquals(true, only(passed).get("result"), () -> passed.ret().toString());
        assertEquals("good\n", Files.readString(conf));
        try (Stream<Path> left = Files.list(tmp)) {
            assertEquals(0, left.count(), "the temporary file is removed");
        }
    }

    @Test
    void symlinksAreFollowedByDefaultAndReplacedWithoutFollowSymlinks() throws Exception {
        Path real = Files.writeString(work.resolve("real.conf"), "old\n");
        Path link = Files.createSymbolicLink(work.resolve("link.conf"), real.getFileName());
        StateOutcome followed = apply(managed(link, "contents: new", "mode: \"0600\""));
        assertEquals(true, only(followed).get("result"), () -> followed.ret().toString());
        assertTrue(Files.isSymbolicLink(link));
        assertEquals("new\n", Files.readString(real));
        assertEquals(0600, Modes.current(real));
        assertFalse(anyChanges(engine.apply(tree.job("t"))));

        StateOutcome replaced = apply(managed(link, "contents: own", "follow_symlinks: False"));
        assertEquals(true, only(replaced).get("result"), () -> replaced.ret().toString());
        assertFalse(Files.isSymbolicLink(link), "the link itself became a file");
        assertEquals("own\n", Files.readString(link));
        assertEquals("new\n", Files.readString(real), "the old target is untouched");
        assertFalse(anyChanges(engine.apply(tree.job("t"))));
    }

    @Test
    void contextOverridesDefaultsMergingNestedMappings() throws Exception {
        tree.file("app/t.conf", "{{ port }} {{ tls.mode }} {{ tls.cert }} {{ users | join(',') }}\n");
        Path conf = work.resolve("t.conf");
        StateOutcome out = apply("""
            %s:
              file.managed:
                - source: salt://app/t.conf
                - template: jinja
                - defaults:
                    port: 80
                    tls: {mode: lax, cert: a.pem}
                    users: [x, y]
                - context:
                    tls: {mode: strict}
                    users: [z]
            """.formatted(conf));
        assertEquals(true, only(out).get("result"), () -> out.ret().toString());
        assertEquals("80 strict a.pem z\n", Files.readString(conf));
    }

    @Test
    void extraKeywordArgumentsAreTemplateVariablesThatContextOverrides() throws Exception {
        tree.file("app/vhost.conf", "{{ name }} {{ mode }} {{ apache.port }} {{ apache.modules | join(',') }} {{ site }}\n");
        Path conf = work.resolve("vhost.conf");
        String sls = """
            %s:
              file.managed:
                - source: salt://app/vhost.conf
                - template: jinja
                - mode: "0640"
                - apache: {port: 8080, modules: [ssl, rewrite]}
                - site: from-kwargs
                - context:
                    site: from-context
            """.formatted(conf);
        StateOutcome dry = dryRun(sls);
        assertNull(only(dry).get("result"), () -> dry.ret().toString());
        assertFalse(Files.exists(conf));
        StateOutcome out = apply(sls);
        assertEquals(true, only(out).get("result"), () -> out.ret().toString());
        assertEquals(conf + " 0640 8080 ssl,rewrite from-context\n", Files.readString(conf));
        assertFalse(anyChanges(engine.apply(tree.job("t"))));
    }

    @Test
    void replaceFalseKeepsContentAndCreateFalseMakesNothing() throws Exception {
        Path kept = Files.writeString(work.resolve("kept"), "mine\n");
        StateOutcome noReplace = apply(managed(kept, "contents: theirs", "replace: False", "mode: \"0640\""));
        assertEquals(Map.of("mode", "0640"), changes(noReplace));
        assertEquals("mine\n", Files.readString(kept));

        Path absent = work.resolve("absent");
        StateOutcome noCreate = apply(managed(absent, "contents: x", "create: False"));
        assertEquals(true, only(noCreate).get("result"));
        assertTrue(changes(noCreate).isEmpty());
        assertFalse(Files.exists(absent));
        StateOutcome existing = apply(managed(kept, "contents: theirs", "create: False"));
        assertEquals("theirs\n", Files.readString(kept), "create: False still manages a file that exists");
        assertTrue(changes(existing).containsKey("diff"));
    }

    @Test
    void aTildeIsTheHomeDirectoryAsSaltExpandsIt() {
        String unique = "brine-tilde-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
        Map<String, Object> own = only(dryRun("~/" + unique + "/x.conf:\n  file.managed:\n    - contents: hi\n"
                + "    - makedirs: true\n"));
        assertNull(own.get("result"), own::toString);
        assertTrue(String.valueOf(own.get("comment")).contains(Path.of(System.getProperty("user.home"), unique)
                .toString()), own::toString);
        Map<String, Object> root = only(dryRun("~root/" + unique + ":\n  file.directory: []\n"));
        assertTrue(String.valueOf(root.get("comment")).contains("/root/" + unique), root::toString);
        Map<String, Object> nobody = only(dryRun("~no-such-user-" + unique + "/x:\n  file.managed:\n"
                + "    - contents: hi\n"));
        assertEquals(false, nobody.get("result"));
        assertEquals("Specified file ~no-such-user-" + unique + "/x is not an absolute path", nobody.get("comment"));
        assertFalse(Files.exists(Path.of(System.getProperty("user.home"), unique)), "a plan creates nothing");
    }
}
