package io.brine.states;

import static io.brine.states.Outcomes.assertErrorMentions;
import static io.brine.states.Outcomes.runOrder;
import static io.brine.states.Outcomes.state;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The requisites beyond require/watch/onchanges/onfail/prereq, with Salt's meanings: wildcard targets, the
 * {@code _any} and {@code _all} forms, {@code listen}, {@code use} and {@code exclude}.
 */
class SaltRequisitesTest {
    @TempDir Path dir;
    StateTree tree;
    final StateEngine engine = StateEngine.withInstalledFunctions();

    @BeforeEach
    void setUp() {
        tree = new StateTree(dir.resolve("tree"));
    }

    private StateOutcome apply(String sls) {
        tree.file("t.sls", sls);
        return engine.apply(tree.job("t"));
    }

    private static Object comment(StateOutcome out, String id, String function) {
        return state(out, id, function).get("comment");
    }

    @Test
    void aWildcardRequisiteRequiresEveryStateWhoseIdOrNameMatches() {
        StateOutcome out = apply("""
            app: {test.nop: [{require: [{test: 'conf-*'}]}]}
            conf-a: {test.nop: []}
            other: {test.nop: [{name: conf-b}]}
            unrelated: {test.nop: []}
            """);
        assertEquals(List.of("conf-a", "other", "app", "unrelated"), runOrder(out));
    }

    @Test
    void aWildcardMatchingNothingIsACompileError() {
        StateOutcome out = apply("""
            app: {test.nop: [{require: [{test: 'nothing-*'}]}]}
            """);
        assertFalse(out.success());
        assertErrorMentions(out, "t.sls", "points to no state");
    }

    @Test
    void aBareIdMatchesAStateOfAnyModuleByIdOrName() {
        StateOutcome out = apply("""
            app: {test.nop: [{require: [the-lib]}]}
            lib: {test.nop: [{name: the-lib}]}
            """);
        assertEquals(List.of("lib", "app"), runOrder(out));
    }

    @Test
    void requireAnyIsMetByOneSuccess() {
        StateOutcome out = apply("""
            bad: {test.fail_without_changes: []}
            good: {test.succeed_without_changes: []}
            app: {test.succeed_with_changes: [{require_any: [bad, good]}]}
            all-bad: {test.succeed_with_changes: [{require_any: [bad]}]}
            """);
        assertEquals(true, state(out, "app", "test.succeed_with_changes").get("result"));
        assertEquals(false, state(out, "all-bad", "test.succeed_with_changes").get("result"));
        assertEquals("One or more requisite failed: t.bad", comment(out, "all-bad", "test.succeed_with_changes"));
    }

    @Test
    void onchangesAnyRunsWhenOneChangedEvenIfAnotherFailed() {
        StateOutcome out = apply("""
            bad: {test.fail_without_changes: []}
            changed: {test.succeed_with_changes: []}
            quiet: {test.succeed_without_changes: []}
            any: {test.succeed_with_changes: [{onchanges_any: [bad, changed]}]}
            plain: {test.succeed_with_changes: [{onchanges: [bad, changed]}]}
            none: {test.succeed_with_changes: [{onchanges_any: [quiet]}]}
            """);
        assertEquals(true, state(out, "any", "test.succeed_with_changes").get("result"));
        assertFalse(((Map<?, ?>) state(out, "any", "test.succeed_with_changes").get("changes")).isEmpty());
        // plain onchanges: a failed target fails the state, as in Salt
        assertEquals(false, state(out, "plain", "test.succeed_with_changes").get("result"));
        assertEquals("State was not run because none of the onchanges reqs changed",
                comment(out, "none", "test.succeed_with_changes"));
    }

    @Test
    void onfailRunsWhenAnyTargetFailedAndOnfailAllOnlyWhenAllDid() {
        StateOutcome out = apply("""
            bad: {test.fail_without_changes: []}
            good: {test.succeed_without_changes: []}
            any: {test.succeed_with_changes: [{onfail_any: [bad, good]}]}
            plain: {test.succeed_with_changes: [{onfail: [bad, good]}]}
            all: {test.succeed_with_changes: [{onfail_all: [bad, good]}]}
            all-failed: {test.succeed_with_changes: [{onfail_all: [bad]}]}
            """);
        assertFalse(((Map<?, ?>) state(out, "any", "test.succeed_with_changes").get("changes")).isEmpty());
        assertFalse(((Map<?, ?>) state(out, "plain", "test.succeed_with_changes").get("changes")).isEmpty());
        assertEquals("State was not run because onfail req did not change", comment(out, "all", "test.succeed_with_changes"));
        assertEquals(true, state(out, "all", "test.succeed_with_changes").get("result"));
        assertFalse(((Map<?, ?>) state(out, "all-failed", "test.succeed_with_changes").get("changes")).isEmpty());
    }

    @Test
    void watchAnyTriggersTheWatchActionWhenOneTargetChangedAndAnotherFailed() {
        StateOutcome out = apply("""
            bad: {test.fail_without_changes: []}
            changed: {test.succeed_with_changes: []}
            svc: {test.succeed_without_changes: [{watch_any: [bad, changed]}]}
            """);
        Map<String, Object> svc = state(out, "svc", "test.succeed_without_changes");
        assertEquals(true, svc.get("result"), svc.toString());
        assertEquals(Map.of("watch", "fired"), svc.get("changes"));
    }

    @Test
    void listenRunsTheWatchActionOnceAtTheEndWithoutOrderingTheListener() {
        Path log = dir.resolve("log");
        StateOutcome out = apply("""
            svc:
              cmd.run:
                - name: echo run >> %1$s
                - listen:
                  - test: conf
            conf: {test.succeed_with_changes: []}
            quiet: {test.succeed_without_changes: [{listen_in: [{cmd: svc}]}]}
            after:
              cmd.run:
                - name: echo after >> %1$s
            """.formatted(log));
        assertTrue(out.success(), () -> out.ret().toString());
        // the listener keeps its place in the order (before conf), and its watch action runs once, at the end
        assertEquals(List.of("svc", "conf", "quiet", "after", "svc"), runOrder(out));
        assertTrue(out.states().containsKey("cmd_|-listener_svc_|-echo run >> " + log + "_|-mod_watch"),
                out.states().keySet().toString());
        assertEquals("run\nafter\nrun\n", readString(log));
    }

    @Test
    void listenOnAStateThatDidNotChangeRunsNothing() {
        StateOutcome out = apply("""
            svc: {test.nop: [{listen: [{test: conf}]}]}
            conf: {test.succeed_without_changes: []}
            """);
        assertEquals(2, out.states().size(), out.states().keySet().toString());
    }

    @Test
    void useInheritsTheOtherStatesArgumentsExceptNameAndRequisites() throws Exception {
        Path copy = dir.resolve("copy.conf");
        String sls = """
            base:
              file.managed:
                - name: %s
                - contents: shared
                - mode: '0640'
                - require: [marker]
            copy:
              file.managed:
                - name: %s
                - mode: '0600'
                - use:
                  - file: base
            marker: {test.nop: []}
            """.formatted(dir.resolve("base.conf"), copy);
        StateOutcome dangling = apply(sls + """
            other:
              file.managed:
                - name: %s
                - use_in:
                  - file: nobody-uses-this
            """.formatted(dir.resolve("other.conf")));
        assertFalse(dangling.success());
        assertErrorMentions(dangling, "use_in 'file: nobody-uses-this' of ID 'other' points to no state");

        StateOutcome out = apply(sls);
        assertTrue(out.success(), () -> out.ret().toString());
        assertEquals("shared\n", readString(copy));
        assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(copy)));
        // base still waits for marker; copy runs after both as declared
        assertEquals(List.of("marker", "base", "copy"), runOrder(out));
    }

    @Test
    void excludeRemovesAnIdOrAWholeSlsFromWhatIsIncluded() {
        tree.file("lib.sls", """
            lib-a: {test.nop: []}
            lib-b: {test.nop: []}
            """);
        tree.file("extra.sls", """
            extra: {test.nop: []}
            """);
        StateOutcome out = apply("""
            include:
              - lib
              - extra
            exclude:
              - id: lib-b
              - sls: extra
            main: {test.nop: []}
            """);
        assertTrue(out.success(), () -> out.ret().toString());
        assertEquals(List.of("lib-a", "main"), runOrder(out));
    }

    @Test
    void anUnknownRequisiteVariantIsAnIgnoredArgument() {
        StateOutcome out = apply("""
            app: {test.nop: [{require_any_in: [x]}]}
            x: {test.nop: []}
            """);
        assertTrue(out.success(), () -> out.ret().toString());
        assertTrue(String.valueOf(state(out, "app", "test.nop").get("warnings"))
                .contains("'require_any_in' is not an argument of test.nop"), () -> out.ret().toString());
    }

    /** Salt requires both of {@code - require: [a]} and a later {@code - require: [b]}; every requisite kind alike. */
    @Test
    void aRequisiteGivenTwiceKeepsBothTargets() {
        StateOutcome out = apply("""
            app:
              test.nop:
                - require: [a]
                - watch: [w]
                - require:
                  - b
                - watch: [v]
            a: {test.nop: [{require_in: [z]}, {require_in: [y]}]}
            b: {test.fail_without_changes: []}
            w: {test.nop: []}
            v: {test.nop: []}
            y: {test.nop: []}
            z: {test.nop: []}
            """);
        Map<String, Object> app = state(out, "app", "test.nop");
        assertFalse((Boolean) app.get("result"), "b failed, and app requires it too: " + app);
        assertTrue(String.valueOf(app.get("comment")).contains("b"), app.toString());
        List<Object> order = runOrder(out);
        assertTrue(order.indexOf("a") < order.indexOf("y") && order.indexOf("a") < order.indexOf("z"), order
                .toString());
    }

    private static String readString(Path p) {
        try {
            return Files.readString(p);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
