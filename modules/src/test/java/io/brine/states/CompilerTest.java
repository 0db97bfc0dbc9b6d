package io.brine.states;

import io.brine.functions.Param;
import static io.brine.states.Outcomes.assertErrorMentions;
import static io.brine.states.Outcomes.runOrder;
import static io.brine.states.Outcomes.state;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompilerTest {
    @TempDir Path dir;
    StateTree tree;
    final StateEngine engine = StateEngine.withInstalledFunctions();

    @BeforeEach
    void setUp() {
        tree = new StateTree(dir);
    }

    @Test
    void bothSpellingsCompileAndNameDefaultsToTheId() {
        tree.file("a.sls", """
            first:
              test.succeed_without_changes: []
            second:
              test:
                - nop
                - name: other
            """);
        StateOutcome out = engine.apply(tree.job("a"));
        assertTrue(out.success(), () -> out.ret().toString());
        assertEquals("first", state(out, "first", "test.succeed_without_changes").get("name"));
        assertTrue(out.states().containsKey("test_|-second_|-other_|-nop"));
    }

    @Test
    void anArgumentItemWithSeveralKeysGivesEachAsSaltDoes() {
        tree.file("a.sls", """
            configured:
              test.configurable_test_state:
                - changes: False
                  comment: from the same item
            """);
        StateOutcome out = engine.apply(tree.job("a"));
        assertEquals(List.of(), out.errors());
        assertEquals("from the same item", state(out, "configured", "test.configurable_test_state").get("comment"));
    }

    @Test
    void namesExpandToOneStatePerName() {
        tree.file("a.sls", """
            many:
              test.nop:
                - names:
                  - one
                  - two
                  - three
            """);
        StateOutcome out = engine.apply(tree.job("a"));
        assertEquals(List.of("test_|-many_|-one_|-nop", "test_|-many_|-two_|-nop", "test_|-many_|-three_|-nop"),
                List.copyOf(out.states().keySet()));
    }

    @Test
    void includesComeFirstAndExtendAppendsRequisites() {
        tree.file("common/init.sls", """
            include:
              - .users
            base_state:
              test.nop: []
            """);
        tree.file("common/users.sls", """
            users_state:
              test.configurable_test_state:
                - comment: original
            """);
        tree.file("web.sls", """
            include:
              - common
            extend:
              users_state:
                test:
                  - comment: extended
                  - require:
                    - test: base_state
            web_state:
              test.nop: []
            """);
        StateOutcome out = engine.apply(tree.job("web"));
        assertTrue(out.success(), () -> out.ret().toString());
        assertEquals(List.of("base_state", "users_state", "web_state"), runOrder(out));
        assertEquals("extended", state(out, "users_state", "test.configurable_test_state").get("comment"));
        assertEquals("common.users", state(out, "users_state", "test.configurable_test_state").get("__sls__"));
    }

    @Test
    void badYamlIsRejectedWithFileAndLine() {
        tree.file("bad.sls", "ok:\n  test.nop: []\nbroken: [unclosed\n");
        StateOutcome out = engine.apply(tree.job("bad"));
        assertFalse(out.success());
        assertErrorMentions(out, "bad.sls:", "bad YAML");
    }

    @Test
    void unknownFunctionIsRejectedWithFileAndLine() {
        tree.file("a.sls", "x:\n  test.nop: []\ny:\n  test.no_such_thing: []\n");
        StateOutcome out = engine.apply(tree.job("a"));
        assertErrorMentions(out, "a.sls:4", "unknown state function 'test.no_such_thing'");
        assertTrue(out.states().isEmpty(), "nothing runs when compilation fails");
    }

    @Test
    void aMissingRequiredArgumentIsRejectedBeforeAnythingRuns() {
        tree.file("a.sls", """
            x:
              test.configurable_test_state:
                - colour: blue
            y:
              echo.say: []
            """);
        StateEngine withEcho = StateEngine.of(List.of(new io.brine.modules.test.TestStates(), new EchoModule()));
        StateOutcome out = withEcho.apply(tree.job("a"));
        assertErrorMentions(out, "a.sls:5", "missing required argument 'text'");
        assertFalse(out.errors().toString().contains("colour"), out.errors().toString());
    }

    /**
     * Salt's state functions take **kwargs and ignore what they do not use; Brine does too, and says so in Salt's
     * {@code warnings} and in show_sls, so that a misspelling still shows. A used argument's type is still checked.
     */
    @Test
    void anArgumentTheFunctionDoesNotTakeIsIgnoredWithAWarning() {
        tree.file("a.sls", """
            x:
              test.succeed_without_changes:
                - colour: blue
                - contents: null
            """);
        StateOutcome out = engine.apply(tree.job("a"));
        assertTrue(out.success(), () -> out.ret().toString());
        assertEquals(List.of("'colour' is not an argument of test.succeed_without_changes and was ignored (a.sls:2)",
                "'contents' is not an argument of test.succeed_without_changes and was ignored (a.sls:2)"),
                state(out, "x", "test.succeed_without_changes").get("warnings"));

        @SuppressWarnings("unchecked")
        Map<String, Object> shown = (Map<String, Object>) engine.showSls(tree.job("a"));
        Map<?, ?> x = (Map<?, ?>) shown.get("x");
        List<?> body = (List<?>) x.get("test");
        assertTrue(body.contains(Map.of("colour", "blue")), body.toString());
        assertTrue(body.contains(java.util.Collections.singletonMap("contents", null)), body.toString());
        assertEquals(2, ((List<?>) x.get("__warnings__")).size(), x.toString());

        tree.file("b.sls", "y:\n  test.configurable_test_state:\n    - changes: [1, 2]\n");
        assertErrorMentions(engine.apply(tree.job("b")), "b.sls:3", "changes");
    }

    @Test
    void registeringTheSameFunctionTwiceIsAnError() {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> StateEngine.of(List.of(new EchoModule(), new EchoModule())));
        assertTrue(e.getMessage().contains("echo.say is registered twice"), e.getMessage());
    }

    @Test
    void wrongArgumentTypeIsRejected() {
        tree.file("a.sls", "x:\n  test.configurable_test_state:\n    - result: [1, 2]\n");
        assertErrorMentions(engine.apply(tree.job("a")), "a.sls:3", "argument 'result' must be a boolean");
    }

    @Test
    void requisitePointingNowhereIsRejected() {
        tree.file("a.sls", "x:\n  test.nop:\n    - require:\n      - test: ghost\n");
        assertErrorMentions(engine.apply(tree.job("a")), "a.sls:3", "require: test: ghost", "points to no state");
    }

    @Test
    void requisiteCycleIsRejectedNamingBothIds() {
        tree.file("a.sls", """
            alpha:
              test.nop:
                - require:
                  - test: beta
            beta:
              test.nop:
                - watch:
                  - alpha
            """);
        StateOutcome out = engine.apply(tree.job("a"));
        assertErrorMentions(out, "requisite cycle", "'alpha'", "'beta'");
    }

    @Test
    void duplicateIdAcrossFilesIsRejected() {
        tree.file("a.sls", "include:\n  - b\nsame:\n  test.nop: []\n");
        tree.file("b.sls", "same:\n  test.nop: []\n");
        assertErrorMentions(engine.apply(tree.job("a")), "ID 'same' is already declared in b.sls:1");
    }

    @Test
    void missingSlsAndMissingIncludeAreNamed() {
        tree.file("a.sls", "include:\n  - nowhere\n");
        assertErrorMentions(engine.apply(tree.job("a")), "a.sls:2", "No matching sls found for 'nowhere'");
        assertErrorMentions(engine.apply(tree.job("absent")), "No matching sls found for 'absent'");
    }

    @Test
    void jinjaSeesGrainsPillarAndMinionId() {
        tree.pillar.put("users", List.of("ann", "bob"));
        tree.file("a.sls", """
            {% for u in pillar.users %}
            user_{{ u }}:
              test.configurable_test_state:
                - comment: "{{ grains.os_family }} on {{ minion_id }} {{ grains['id'] }}"
            {% endfor %}
            """);
        StateOutcome out = engine.apply(tree.job("a"));
        assertEquals("Debian on web1 web1", state(out, "user_bob", "test.configurable_test_state").get("comment"));
    }

    @Test
    void jinjaCannotReachJavaClassesOrFilesOutsideTheTree() {
        tree.file("a.sls", "x: {{ ''.getClass().forName('java.lang.Runtime') }}\n");
        assertErrorMentions(engine.apply(tree.job("a")), "a.sls:1", "Cannot find method 'getClass'");
        tree.file("a.sls", "x: {{ grains.getClass() }}\n");
        assertErrorMentions(engine.apply(tree.job("a")), "a.sls:1", "Cannot find method 'getClass'");
        tree.file("b.sls", "{% include '../../../../etc/passwd' %}\n");
        assertErrorMentions(engine.apply(tree.job("b")), "b.sls");
        tree.file("c.sls", "{% include '/etc/hostname' %}\n");
        assertErrorMentions(engine.apply(tree.job("c")), "c.sls");
    }

    @Test
    void jinjaIncludesComeFromTheStateTree() {
        tree.file("macros/common.jinja", "{% set greeting = 'hello' %}");
        tree.file("a.sls", """
            {% from 'macros/common.jinja' import greeting %}
            x:
              test.configurable_test_state:
                - comment: {{ greeting }}
            """);
        assertEquals("hello", state(engine.apply(tree.job("a")), "x", "test.configurable_test_state").get("comment"));
    }

    @Test
    void yamlOnlyRendererSkipsJinja() {
        tree.file("a.sls", "#!yaml\nx:\n  test.configurable_test_state:\n    - comment: '{{ not rendered }}'\n");
        assertEquals("{{ not rendered }}", state(engine.apply(tree.job("a")), "x", "test.configurable_test_state").get("comment"));
    }

    @Test
    void numbersThatLookOctalOrVersionedKeepTheirText() {
        tree.file("a.sls", "x:\n  test.configurable_test_state:\n    - comment: 0644\ny:\n  test.configurable_test_state:\n    - comment: 1.10\n");
        StateOutcome out = engine.apply(tree.job("a"));
        assertEquals("0644", state(out, "x", "test.configurable_test_state").get("comment"));
        assertEquals("1.10", state(out, "y", "test.configurable_test_state").get("comment"));
    }

    /** Salt's YAML loader: "found conflicting ID"; a key given twice deeper down is refused too. Both lines named. */
    @Test
    void aKeyGivenTwiceIsAnErrorNamingBothLines() {
        tree.file("a.sls", "ntp:\n  test.nop: []\nother:\n  test.nop: []\nntp:\n  test.nop: []\n");
        assertErrorMentions(engine.apply(tree.job("a")), "a.sls:5", "found conflicting ID 'ntp' at lines 1 and 5");
        tree.file("b.sls", "x:\n  test.configurable_test_state:\n    - name: one\n    - comment: {a: 1, a: 2}\n");
        assertErrorMentions(engine.apply(tree.job("b")), "b.sls:4", "duplicate key 'a' at lines 4 and 4");
        tree.file("c.sls", "{% import_yaml 'c.yaml' as c %}\nx: {test.nop: []}\n");
        tree.file("c.yaml", "k: 1\nk: 2\n");
        assertErrorMentions(engine.apply(tree.job("c")), "Duplicate field 'k'");
    }

    @Test
    void showSlsReturnsTheOrderedCompiledData() {
        tree.file("a.sls", "b:\n  test.nop:\n    - order: 1\na:\n  test.nop: []\n");
        @SuppressWarnings("unchecked")
        Map<String, Object> shown = (Map<String, Object>) engine.showSls(tree.job("a"));
        assertEquals(List.of("b", "a"), List.copyOf(shown.keySet()));
        assertEquals("a", ((Map<?, ?>) shown.get("a")).get("__sls__"));
    }

    @Test
    void everyFunctionDescribesItsParameters() {
        Map<String, List<Param>> described = engine.describe();
        assertTrue(described.keySet().containsAll(List.of("file.managed", "pkg.installed", "service.running",
                "user.present", "group.present", "cmd.run", "cmd.script", "archive.extracted", "pip.installed")));
        assertTrue(described.get("file.symlink").stream().anyMatch(p -> p.name().equals("target") && p.required()));
    }

    /** Issue 11, finding 6b: the state used to run a bare command with the hole rendered as nothing. */
    @Test
    void anUndefinedPillarValueFailsTheRenderAndRunsNothing() {
        Path marker = dir.resolve("ran-with-a-hole");
        tree.file("a.sls", "x:\n  cmd.run:\n    - name: touch " + marker + "{{ pillar['nope']['deeper'] }}\n");
        assertErrorMentions(engine.apply(tree.job("a")), "a.sls:3",
                "Jinja variable 'dict object' has no attribute 'nope'");
        assertFalse(java.nio.file.Files.exists(marker));
    }

    @Test
    void jinjaSyntaxErrorsAreCompileErrorsWithTheirLine() {
        tree.file("a.sls", "x:\n  test.nop: []\n{% for u in [1] %}\ny: {{ u }}\n");
        assertErrorMentions(engine.apply(tree.job("a")), "a.sls:3", "Jinja syntax error");
        tree.file("b.sls", "x:\n  test.nop: []\ny: {{ no_such_function(1) }}\n");
        assertErrorMentions(engine.apply(tree.job("b")), "b.sls:3", "Jinja");
    }
}
