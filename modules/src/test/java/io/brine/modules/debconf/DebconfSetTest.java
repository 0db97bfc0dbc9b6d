package io.brine.modules.debconf;

import static io.brine.states.Outcomes.state;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.brine.functions.Command;
import io.brine.states.Runners;
import io.brine.states.StateEngine;
import io.brine.states.StateTree;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Answers in the machine's real debconf database, owned by a package name no one else uses, purged afterwards. */
class DebconfSetTest {
    @TempDir Path treeDir;
    final String owner = "brine-test-" + UUID.randomUUID().toString().substring(0, 8);
    final StateEngine engine = StateEngine.withInstalledFunctions();
    StateTree tree;

    @BeforeEach
    void setUp() {
        assumeTrue("root".equals(System.getProperty("user.name")));
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/debconf-get-selections")), "debconf-utils is not installed");
        tree = new StateTree(treeDir);
    }

    @AfterEach
    void purge() throws Exception {
        Runners.LOCAL.run(Command.of("debconf-communicate", owner).withStdin("PURGE\n"));
    }

    private Map<String, Object> apply(String greeting, boolean test) {
        tree.file("t.sls", """
            answers:
              debconf.set:
                - name: %1$s
                - data:
                    '%1$s/greeting': {type: string, value: '%2$s'}
                    '%1$s/enabled': {type: boolean, value: True}
                    '%1$s/secret': {type: password, value: s3cr3t}
            """.formatted(owner, greeting));
        return state(engine.apply(test ? tree.testJob("t") : tree.job("t")), "answers", "debconf.set");
    }

    private List<Selection> recorded() throws Exception {
        return new Selections(Runners.LOCAL).of(owner);
    }

    @Test
    void answersArePredictedSetKeptAndChangedOneByOne() throws Exception {
        Map<String, Object> predicted = apply("hello world", true);
        assertNull(predicted.get("result"));
        assertEquals(Map.of(owner + "/greeting", "New value: hello world", owner + "/enabled", "New value: true",
                owner + "/secret", "New value: (password hidden)"), predicted.get("changes"));
        assertTrue(recorded().isEmpty());

        Map<String, Object> set = apply("hello world", false);
        assertEquals(true, set.get("result"), set::toString);
        assertEquals(Map.of(owner + "/greeting", "hello world", owner + "/enabled", "true",
                owner + "/secret", "(password hidden)"), set.get("changes"));
        assertTrue(recorded().containsAll(List.of(new Selection(owner, owner + "/greeting", "string", "hello world"),
                new Selection(owner, owner + "/enabled", "boolean", "true"),
                new Selection(owner, owner + "/secret", "password", "s3cr3t"))));

        Map<String, Object> again = apply("hello world", false);
        assertEquals(Map.of(), again.get("changes"));
        assertEquals("All specified answers are already set", again.get("comment"));

        Map<String, Object> changed = apply("goodbye", false);
        assertEquals(Map.of(owner + "/greeting", "goodbye"), changed.get("changes"));
        assertTrue(recorded().contains(new Selection(owner, owner + "/greeting", "string", "goodbye")));
    }

    @Test
    void anAnswerWithoutATypeIsRefused() throws Exception {
        tree.file("t.sls", "bad:\n  debconf.set:\n    - name: %s\n    - data:\n        q: {value: x}\n".formatted(owner));
        Map<String, Object> bad = state(engine.apply(tree.job("t")), "bad", "debconf.set");
        assertEquals(false, bad.get("result"));
        assertEquals("data['q'] must be a mapping with 'type' and 'value'", bad.get("comment"));
        assertFalse(recorded().stream().anyMatch(s -> s.question().equals("q")));
    }
}
