package io.brine.modules.git;

import static io.brine.states.Outcomes.state;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.states.StateEngine;
import io.brine.states.StateOutcome;
import io.brine.states.StateTree;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** git.latest, git.config_set and git.config_unset against a local bare repository reached through a file:// URL. */
class GitStatesTest {
    @TempDir Path treeDir;
    @TempDir Path dir;
    Path bare;
    Path work;
    Path target;
    String url;
    StateTree tree;
    StateEngine engine;

    @BeforeEach
    void setUp() throws Exception {
        bare = dir.resolve("upstream.git");
        work = dir.resolve("work");
        target = dir.resolve("clone");
        url = "file://" + bare;
        git(dir, "init", "--quiet", "--bare", "-b", "main", bare.toString());
        git(dir, "init", "--quiet", "-b", "main", work.toString());
        git(work, "remote", "add", "origin", url);
        commit("README", "first\n");
        tree = new StateTree(treeDir);
        tree.pillar.put("url", url);
        tree.pillar.put("target", target.toString());
        engine = StateEngine.withInstalledFunctions();
    }

    private static String git(Path cwd, String... args) throws IOException, InterruptedException {
        List<String> argv = new ArrayList<>(List.of("git", "-c", "user.name=Test", "-c", "user.email=test@example.com"));
        argv.addAll(Arrays.asList(args));
        Process p = new ProcessBuilder(argv).directory(cwd.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), () -> String.join(" ", argv) + ": " + out);
        return out.strip();
    }

    /** Commits a file upstream and returns the commit. */
    private String commit(String file, String text) throws Exception {
        Files.writeString(work.resolve(file), text);
        git(work, "add", file);
        git(work, "commit", "--quiet", "-m", "change " + file);
        git(work, "push", "--quiet", "--force", "origin", "main");
        return git(work, "rev-parse", "HEAD");
    }

    private Map<String, Object> latest(String extra, boolean test) {
        tree.file("t.sls", "app:\n  git.latest:\n    - name: {{ pillar.url }}\n    - target: {{ pillar.target }}\n"
                + extra);
        StateOutcome out = engine.apply(test ? tree.testJob("t") : tree.job("t"));
        return state(out, "app", "git.latest");
    }

    private static Map<String, Object> revision(String old, String now) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("old", old);
        r.put("new", now);
        return r;
    }

    @Test
    void aCloneIsPredictedMadeLeftAloneAndFastForwarded() throws Exception {
        String first = git(work, "rev-parse", "HEAD");
        Map<String, Object> dry = latest("", true);
        assertNull(dry.get("result"), dry::toString);
        assertEquals(Map.of("new", url + " => " + target, "revision", revision(null, first)), dry.get("changes"));
        assertFalse(Files.exists(target));

        Map<String, Object> cloned = latest("", false);
        assertEquals(true, cloned.get("result"), cloned::toString);
        assertEquals(dry.get("changes"), cloned.get("changes"));
        assertEquals("first\n", Files.readString(target.resolve("README")));
        assertEquals("main", git(target, "symbolic-ref", "--short", "HEAD"));
        assertEquals(Map.of(), latest("", false).get("changes"));

        String second = commit("README", "second\n");
        Map<String, Object> dryUpdate = latest("", true);
        assertNull(dryUpdate.get("result"));
        assertEquals(Map.of("revision", revision(first, second)), dryUpdate.get("changes"));
        assertEquals(first, git(target, "rev-parse", "HEAD"));
        Map<String, Object> updated = latest("", false);
        assertEquals(true, updated.get("result"), updated::toString);
        assertEquals(dryUpdate.get("changes"), updated.get("changes"));
        assertEquals("second\n", Files.readString(target.resolve("README")));
        assertEquals(Map.of(), latest("", false).get("changes"));
    }

    @Test
    void aRewrittenUpstreamNeedsForceReset() throws Exception {
        latest("    - rev: main\n", false);
        Files.writeString(work.resolve("README"), "rewritten\n");
        git(work, "commit", "--quiet", "-a", "--amend", "-m", "rewritten");
        git(work, "push", "--quiet", "--force", "origin", "main");
        String rewritten = git(work, "rev-parse", "HEAD");
        Map<String, Object> refused = latest("    - rev: main\n", false);
        assertEquals(false, refused.get("result"));
        assertTrue(refused.get("comment").toString().contains("not a fast-forward"), refused::toString);
        Map<String, Object> forced = latest("    - rev: main\n    - force_reset: true\n", false);
        assertEquals(true, forced.get("result"), forced::toString);
        assertEquals(rewritten, git(target, "rev-parse", "HEAD"));
        assertEquals("rewritten\n", Files.readString(target.resolve("README")));
    }

    @Test
    void aTagIsCheckedOutDetachedAndAnOccupiedTargetIsRefused() throws Exception {
        String tagged = git(work, "rev-parse", "HEAD");
        git(work, "tag", "-a", "v1", "-m", "release 1");
        git(work, "push", "--quiet", "origin", "v1");
        commit("README", "after the tag\n");
        Files.createDirectories(target);
        Files.writeString(target.resolve("stray"), "x");
        Map<String, Object> refused = latest("    - rev: v1\n", false);
        assertEquals(false, refused.get("result"));
        assertTrue(refused.get("comment").toString().contains("force_clone"), refused::toString);
        Map<String, Object> cloned = latest("    - rev: v1\n    - force_clone: true\n", false);
        assertEquals(true, cloned.get("result"), cloned::toString);
        assertEquals(tagged, git(target, "rev-parse", "HEAD"));
        assertFalse(Files.exists(target.resolve("stray")));
        assertEquals(Map.of(), latest("    - rev: v1\n", false).get("changes"));
        Map<String, Object> missing = latest("    - rev: no-such-branch\n", false);
        assertEquals(false, missing.get("result"));
    }

    @Test
    void aShallowCloneStaysShallowAndFollowsTheBranch() throws Exception {
        commit("README", "second\n");
        Map<String, Object> cloned = latest("    - depth: 1\n    - branch: deploy\n    - rev: main\n", false);
        assertEquals(true, cloned.get("result"), cloned::toString);
        assertEquals("1", git(target, "rev-list", "--count", "HEAD"));
        assertEquals("deploy", git(target, "symbolic-ref", "--short", "HEAD"));
        String third = commit("README", "third\n");
        Map<String, Object> updated = latest("    - depth: 1\n    - branch: deploy\n    - rev: main\n", false);
        assertEquals(true, updated.get("result"), updated::toString);
        assertEquals(third, git(target, "rev-parse", "HEAD"));
        assertEquals("origin/main", git(target, "rev-parse", "--abbrev-ref", "deploy@{upstream}"));
    }

    @Test
    void configSetSetsAValueAndAMultivarInTheRepository() throws Exception {
        tree.pillar.put("repo", work.toString());
        tree.file("t.sls", """
            core.autocrlf:
              git.config_set:
                - value: input
                - repo: {{ pillar.repo }}
            remote.origin.push:
              git.config_set:
                - multivar: ['refs/heads/main:refs/heads/main', 'refs/tags/*:refs/tags/*']
                - repo: {{ pillar.repo }}
            """);
        StateOutcome dry = engine.apply(tree.testJob("t"));
        Map<String, Object> predicted = state(dry, "core.autocrlf", "git.config_set");
        assertNull(predicted.get("result"));
        Map<String, Object> expected = new LinkedHashMap<>();
        expected.put("old", null);
        expected.put("new", "input");
        assertEquals(expected, predicted.get("changes"));
        assertFalse(Files.readString(work.resolve(".git/config")).contains("autocrlf"));

        StateOutcome out = engine.apply(tree.job("t"));
        assertTrue(out.success(), () -> out.ret().toString());
        assertEquals(expected, state(out, "core.autocrlf", "git.config_set").get("changes"));
        assertEquals("input", git(work, "config", "--get", "core.autocrlf"));
        assertEquals("refs/heads/main:refs/heads/main\nrefs/tags/*:refs/tags/*",
                git(work, "config", "--get-all", "remote.origin.push"));
        StateOutcome again = engine.apply(tree.job("t"));
        assertEquals(Map.of(), state(again, "core.autocrlf", "git.config_set").get("changes"));
        assertEquals(Map.of(), state(again, "remote.origin.push", "git.config_set").get("changes"));
        tree.file("u.sls", "x.y:\n  git.config_set:\n    - value: z\n");
        Map<String, Object> noRepo = state(engine.apply(tree.job("u")), "x.y", "git.config_set");
        assertEquals(false, noRepo.get("result"));
    }

    @Test
    void configUnsetRemovesMatchingValuesAndRefusesAWholeMultivarWithoutAll() throws Exception {
        for (String value : List.of("a1", "a2", "b1")) {
            git(work, "config", "--add", "brine.list", value);
        }
        git(work, "config", "brine.single", "x");
        git(work, "config", "other.keep", "y");
        tree.pillar.put("repo", work.toString());
        tree.file("greedy.sls", """
            'brine\\.list':
              git.config_unset:
                - repo: {{ pillar.repo }}
            """);
        Map<String, Object> refused = state(engine.apply(tree.job("greedy")), "brine\\.list", "git.config_unset");
        assertEquals(false, refused.get("result"));
        assertEquals("Multivar(s) matched by the key expression (set 'all' to True to remove them): brine.list (a1, a2,"
                + " b1)", refused.get("comment"));

        tree.file("t.sls", """
            'brine\\.lis.*':
              git.config_unset:
                - value_regex: '^a'
                - all: True
                - repo: {{ pillar.repo }}
            brine.single:
              git.config_unset:
                - repo: {{ pillar.repo }}
            """);
        Map<String, Object> predicted = state(engine.apply(tree.testJob("t")), "brine\\.lis.*", "git.config_unset");
        assertNull(predicted.get("result"));
        assertEquals(Map.of("brine.list", List.of("a1", "a2")), predicted.get("changes"));
        assertEquals("a1\na2\nb1", git(work, "config", "--get-all", "brine.list"));

        StateOutcome out = engine.apply(tree.job("t"));
        assertTrue(out.success(), () -> out.ret().toString());
        assertEquals(Map.of("brine.list", List.of("a1", "a2")),
                state(out, "brine\\.lis.*", "git.config_unset").get("changes"));
        assertEquals(Map.of("brine.single", List.of("x")), state(out, "brine.single", "git.config_unset").get("changes"));
        assertEquals("b1", git(work, "config", "--get-all", "brine.list"));
        assertEquals("y", git(work, "config", "--get", "other.keep"));
        assertFalse(Files.readString(work.resolve(".git/config")).contains("single"));

        Map<String, Object> again = state(engine.apply(tree.job("t")), "brine.single", "git.config_unset");
        assertEquals(Map.of(), again.get("changes"));
        assertEquals("No matching keys are set", again.get("comment"));
    }

    @Test
    void theStatesAreInstalled() {
        assertTrue(StateEngine.withInstalledFunctions().functionNames().containsAll(List.of("git.latest", "git.config_set", "git.config_unset")));
    }
}
