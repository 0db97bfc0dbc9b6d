package io.brine.states;

import static io.brine.states.Outcomes.runOrder;
import static io.brine.states.Outcomes.state;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RequisitesTest {
    @TempDir Path dir;
    StateTree tree;
    final StateEngine engine = StateEngine.withInstalledFunctions();

    @BeforeEach
    void setUp() {
        tree = new StateTree(dir);
    }

    private StateOutcome apply(String sls) {
        tree.file("t.sls", sls);
        return engine.apply(tree.job("t"));
    }

    @Test
    void statesRunInDeclarationOrderUnlessOrderSaysOtherwise() {
        StateOutcome out = apply("""
            c: {test.nop: []}
            a: {test.nop: []}
            z: {test.nop: [{order: last}]}
            b: {test.nop: [{order: 2}]}
            f: {test.nop: [{order: first}]}
            """);
        assertEquals(List.of("f", "b", "c", "a", "z"), runOrder(out));
    }

    @Test
    void requireRunsItsTargetFirst() {
        StateOutcome out = apply("""
            app: {test.nop: [{require: [{test: lib}]}]}
            lib: {test.nop: []}
            """);
        assertEquals(List.of("lib", "app"), runOrder(out));
    }

    @Test
    void aRequisiteWithNothingUnderItIsACompileErrorNamingIt() {
        StateOutcome out = apply("""
            app:
              test.nop:
                - require:
            """);
        assertEquals(1, out.errors().size(), () -> out.errors().toString());
        assertTrue(out.errors().get(0).contains("require statement needs to be formed as a list"), out.errors()::toString);
    }

    @Test
    void aFailedRequisiteFailsDependentsWithoutRunningThemAndNamesIt() {
        StateOutcome out = apply("""
            broken: {test.fail_without_changes: []}
            app: {test.succeed_with_changes: [{require: [{test: broken}]}]}
            web: {test.succeed_with_changes: [{require: [app]}]}
            """);
        Map<String, Object> app = state(out, "app", "test.succeed_with_changes");
        assertEquals(false, app.get("result"));
        assertEquals("One or more requisite failed: t.broken", app.get("comment"));
        assertEquals(Map.of(), app.get("changes"));
        assertEquals("One or more requisite failed: t.app", state(out, "web", "test.succeed_with_changes").get("comment"));
        assertFalse(out.success());
    }

    @Test
    void requireInIsTheSameEdgeTurnedAround() {
        StateOutcome out = apply("""
            app: {test.nop: []}
            lib: {test.nop: [{require_in: [{test: app}]}]}
            """);
        assertEquals(List.of("lib", "app"), runOrder(out));
    }

    @Test
    void watchFiresTheWatchActionOnlyWhenTheTargetChanged() {
        StateOutcome out = apply("""
            config: {test.succeed_with_changes: []}
            quiet: {test.succeed_without_changes: []}
            svc: {test.succeed_without_changes: [{watch: [{test: config}]}]}
            other: {test.succeed_without_changes: [{watch: [{test: quiet}]}]}
            """);
        assertEquals("Watch statement fired.", state(out, "svc", "test.succeed_without_changes").get("comment"));
        assertEquals("Success!", state(out, "other", "test.succeed_without_changes").get("comment"));
    }

    @Test
    void watchInTriggersLikeWatch() {
        StateOutcome out = apply("""
            svc: {test.succeed_without_changes: []}
            config: {test.succeed_with_changes: [{watch_in: [{test: svc}]}]}
            """);
        assertEquals(List.of("config", "svc"), runOrder(out));
        assertEquals("Watch statement fired.", state(out, "svc", "test.succeed_without_changes").get("comment"));
    }

    @Test
    void onchangesRunsOnlyWhenATargetChanged() {
        StateOutcome out = apply("""
            changed: {test.succeed_with_changes: []}
            same: {test.succeed_without_changes: []}
            runs: {test.succeed_with_changes: [{onchanges: [{test: changed}, {test: same}]}]}
            skipped: {test.succeed_with_changes: [{onchanges: [{test: same}]}]}
            """);
        assertTrue(((Map<?, ?>) state(out, "runs", "test.succeed_with_changes").get("changes")).size() > 0);
        Map<String, Object> skipped = state(out, "skipped", "test.succeed_with_changes");
        assertEquals(true, skipped.get("result"));
        assertEquals(Map.of(), skipped.get("changes"));
        assertTrue(skipped.get("comment").toString().contains("none of the onchanges reqs changed"));
    }

    @Test
    void onfailRunsOnlyWhenATargetFailed() {
        StateOutcome out = apply("""
            bad: {test.fail_without_changes: []}
            good: {test.succeed_without_changes: []}
            rescue: {test.succeed_with_changes: [{onfail: [{test: bad}]}]}
            unneeded: {test.succeed_with_changes: [{onfail: [{test: good}]}]}
            """);
        assertEquals(true, state(out, "rescue", "test.succeed_with_changes").get("result"));
        assertFalse(((Map<?, ?>) state(out, "rescue", "test.succeed_with_changes").get("changes")).isEmpty());
        assertTrue(((Map<?, ?>) state(out, "unneeded", "test.succeed_with_changes").get("changes")).isEmpty());
    }

    @Test
    void prereqRunsFirstAndOnlyWhenItsTargetWouldChange() {
        StateOutcome out = apply("""
            deploy: {test.succeed_with_changes: []}
            nothing: {test.succeed_without_changes: []}
            drain: {test.succeed_with_changes: [{prereq: [{test: deploy}]}]}
            idle: {test.succeed_with_changes: [{prereq: [{test: nothing}]}]}
            """);
        assertEquals(List.of("drain", "deploy", "idle", "nothing"), runOrder(out));
        assertFalse(((Map<?, ?>) state(out, "drain", "test.succeed_with_changes").get("changes")).isEmpty());
        Map<String, Object> idle = state(out, "idle", "test.succeed_with_changes");
        assertEquals("No changes detected", idle.get("comment"));
        assertTrue(((Map<?, ?>) idle.get("changes")).isEmpty());
    }

    @Test
    void aFailedPrereqStopsItsTarget() {
        StateOutcome out = apply("""
            deploy: {test.succeed_with_changes: []}
            drain: {test.fail_with_changes: [{prereq: [{test: deploy}]}]}
            """);
        assertEquals("One or more requisite failed: t.drain", state(out, "deploy", "test.succeed_with_changes").get("comment"));
    }

    @Test
    void failhardStopsTheRun() {
        StateOutcome out = apply("""
            one: {test.nop: []}
            two: {test.fail_without_changes: [{failhard: true}]}
            three: {test.nop: []}
            """);
        assertEquals(List.of("one", "two"), runOrder(out));
    }

    @Test
    void requisiteOnAWholeSlsWaitsForAllOfIt() {
        tree.file("lib.sls", "l1: {test.nop: []}\nl2: {test.nop: []}\n");
        StateOutcome out = apply("""
            include: [lib]
            app: {test.nop: [{require: [{sls: lib}]}, {order: first}]}
            """);
        assertEquals(List.of("l1", "l2", "app"), runOrder(out));
    }

    @Test
    void returnEntriesCarrySaltsKeys() {
        Map<String, Object> entry = apply("x: {test.succeed_with_changes: []}\n").states()
                .get("test_|-x_|-x_|-succeed_with_changes");
        assertEquals(List.of("name", "changes", "result", "comment", "__sls__", "__run_num__", "start_time", "duration", "__id__"),
                List.copyOf(entry.keySet()));
        assertTrue(entry.get("start_time").toString().matches("\\d\\d:\\d\\d:\\d\\d\\.\\d{6}"));
        assertTrue(entry.get("duration") instanceof Double);
    }

    @Test
    void testModeReportsNullForWhatWouldChange() {
        tree.file("t.sls", "x: {test.succeed_with_changes: []}\ny: {test.succeed_without_changes: []}\n");
        StateOutcome out = engine.apply(tree.testJob("t"));
        assertNull(state(out, "x", "test.succeed_with_changes").get("result"));
        assertEquals(true, state(out, "y", "test.succeed_without_changes").get("result"));
        assertTrue(out.success());
    }

    @Test
    void singleRunsOneFunctionWithKeywordArguments() {
        StateOutcome out = engine.single("test.configurable_test_state",
                Map.of("name", "once", "comment", "hi", "changes", false), tree.job());
        assertEquals("hi", state(out, "once", "test.configurable_test_state").get("comment"));
        StateOutcome bogus = engine.single("test.configurable_test_state", Map.of("name", "x", "bogus", 1),
                tree.job());
        assertEquals(List.of("'bogus' is not an argument of test.configurable_test_state and was ignored"), state(bogus, "x", "test.configurable_test_state").get("warnings"));
        StateOutcome bad = engine.single("test.configurable_test_state", Map.of("name", "x", "changes", List.of()),
                tree.job());
        assertFalse(bad.success());
        assertEquals(bad.errors(), bad.ret());
    }
}
