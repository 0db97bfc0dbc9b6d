package io.brine.modules.test;

import static io.brine.states.Outcomes.state;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.brine.states.StateEngine;
import io.brine.states.StateOutcome;
import io.brine.states.StateTree;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The fixed-outcome test states say what a formula asks them to, as Salt's do since 3004. */
class TestStatesTest {
    @TempDir Path treeDir;

    @Test
    void succeedAndFailTakeACommentAndKeepTheirOwnByDefault() {
        StateTree tree = new StateTree(treeDir);
        tree.file("t.sls", """
            unsupported:
              test.fail_without_changes:
                - comment: This formula does not support this OS
            fine:
              test.succeed_without_changes: []
            changed:
              test.succeed_with_changes:
                - comment: pretended
            """);
        StateEngine engine = StateEngine.withInstalledFunctions();
        StateOutcome out = engine.apply(tree.job("t"));
        assertEquals("This formula does not support this OS",
                state(out, "unsupported", "test.fail_without_changes").get("comment"));
        assertEquals(false, state(out, "unsupported", "test.fail_without_changes").get("result"));
        assertEquals("Success!", state(out, "fine", "test.succeed_without_changes").get("comment"));
        assertEquals("pretended", state(out, "changed", "test.succeed_with_changes").get("comment"));
        assertNull(state(engine.apply(tree.testJob("t")), "changed", "test.succeed_with_changes").get("result"));
    }
}
