package io.brine.states;

import static io.brine.states.Outcomes.assertErrorMentions;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TopFileTest {
    @TempDir Path dir;
    StateTree tree;
    final StateEngine engine = StateEngine.withInstalledFunctions();

    @BeforeEach
    void setUp() {
        tree = new StateTree(dir);
        for (String sls : List.of("all", "webs", "debian", "listed", "regex", "never")) {
            tree.file(sls + ".sls", sls + "_state:\n  test.nop: []\n");
        }
        tree.file("top.sls", """
            base:
              '*':
                - all
              'web*':
                - webs
              'os_family:Deb*':
                - match: grain
                - debian
              'db1,web1':
                - match: list
                - listed
              '^web\\d+$':
                - match: pcre
                - regex
              'db*':
                - never
            """);
    }

    @Test
    void highstateAppliesEveryMatchingTargetInFileOrder() {
        StateOutcome out = engine.apply(tree.job());
        assertEquals(List.of("all_state", "webs_state", "debian_state", "listed_state", "regex_state"), Outcomes.runOrder(out));
    }

    @Test
    void aMinionMatchingNothingGetsAnError() {
        tree.minionId = "mail7";
        tree.grains.put("os_family", "RedHat");
        StateOutcome out = engine.apply(tree.job());
        assertEquals(List.of("all_state"), Outcomes.runOrder(out));
        tree.file("top.sls", "base:\n  'nobody':\n    - all\n");
        assertErrorMentions(engine.apply(tree.job()), "No Top file matches");
    }

    @Test
    void grainMatchSeesListValuedAndNestedGrains() {
        tree.grains.put("roles", List.of("db", "cache"));
        tree.grains.put("cpu", Map.of("arch", "x86_64"));
        tree.file("top.sls", "base:\n  'roles:cache':\n    - match: grain\n    - all\n  'cpu:arch:x86*':\n    - match: grain\n    - webs\n");
        assertEquals(List.of("all_state", "webs_state"), Outcomes.runOrder(engine.apply(tree.job())));
    }

    @Test
    void unsupportedMatcherIsAnError() {
        tree.file("top.sls", "base:\n  'G@x and web*':\n    - match: compound\n    - all\n");
        assertErrorMentions(engine.apply(tree.job()), "top.sls:2", "unsupported match type 'compound'");
    }

    @Test
    void highstateWithoutTopFileIsAnError() {
        tree.file("top.sls", "");
        assertErrorMentions(engine.apply(tree.job()), "top.sls");
    }
}
