package io.brine.states;

import static io.brine.states.Outcomes.state;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Test mode that can be trusted: a state whose prerequisite does not exist yet but would be made by a state
 * above it reports the change it would make (None), as the real run would, instead of failing.
 */
class TestModeAcrossStatesTest {
    @TempDir Path dir;
    StateTree tree;
    final StateEngine engine = StateEngine.withInstalledFunctions();
    final String group = "brinetg" + ThreadLocalRandom.current().nextInt(100_000, 999_999);
    final String user = "brinetu" + ThreadLocalRandom.current().nextInt(100_000, 999_999);

    @BeforeEach
    void setUp() {
        tree = new StateTree(dir);
    }

    @Test
    void aUserWhoseGroupIsCreatedAboveIsPendingNotFailed() {
        tree.file("a.sls", """
            %1$s:
              group.present: []
            %2$s:
              user.present:
                - groups: [%1$s]
            """.formatted(group, user));
        StateOutcome planned = engine.apply(tree.testJob("a"));
        Map<String, Object> u = state(planned, user, "user.present");
        assertNull(u.get("result"), u.toString());
        assertEquals(Map.of("name", user, "groups", List.of(group)), u.get("changes"));
    }

    @Test
    void withoutTheStateAboveTheMissingGroupStillFails() {
        tree.file("a.sls", "%s:\n  user.present:\n    - groups: [%s]\n".formatted(user, group));
        Map<String, Object> u = state(engine.apply(tree.testJob("a")), user, "user.present");
        assertEquals(false, u.get("result"), u.toString());
    }

    @Test
    void aFileOwnedByAUserAndGroupCreatedAboveIsPendingNotFailed() {
        tree.file("a.sls", """
            %1$s:
              group.present: []
            %2$s:
              user.present:
                - gid: %1$s
            data:
              file.directory:
                - name: %3$s
                - user: %2$s
                - group: %1$s
            conf:
              file.managed:
                - name: %3$s/conf
                - contents: x
                - group: %1$s
            orphan:
              file.managed:
                - name: %3$s/other
                - contents: x
                - user: %2$sx
            """.formatted(group, user, dir.resolve("data")));
        StateOutcome planned = engine.apply(tree.testJob("a"));
        assertNull(state(planned, "data", "file.directory").get("result"));
        assertNull(state(planned, "conf", "file.managed").get("result"));
        assertEquals("User " + user + "x is not available", state(planned, "orphan", "file.managed").get("comment"));
    }
}
