package io.brine.states;

import static io.brine.states.Outcomes.state;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Salt's short form and its global onlyif, unless and creates, on states that are not cmd states. */
class GlobalArgumentsTest {
  @TempDir Path dir;
  StateTree tree;
  final StateEngine engine = StateEngine.withInstalledFunctions();

  @BeforeEach
  void setUp() {
    tree = new StateTree(dir.resolve("tree"));
  }

  @Test
  void aBareFunctionNameIsAStateWithDefaultArguments() {
    tree.file("a.sls", """
        short:
          test.succeed_with_changes
        shorter: test.nop
        """);
    StateOutcome out = engine.apply(tree.job("a"));
    assertTrue(out.success(), () -> out.ret().toString());
    assertEquals("short", state(out, "short", "test.succeed_with_changes").get("name"));
    assertTrue(out.states().containsKey("test_|-shorter_|-shorter_|-nop"), out.states().keySet().toString());
  }

  @Test
  void onlyifUnlessAndCreatesHoldForEveryState() throws Exception {
    Path target = dir.resolve("made.txt");
    Path marker = Files.writeString(dir.resolve("marker"), "x");
    tree.file("a.sls", """
        skipped-by-onlyif:
          file.managed:
            - name: %1$s.a
            - contents: a
            - onlyif: test -e /no/such/path
        skipped-by-unless:
          file.managed:
            - name: %1$s.b
            - contents: b
            - unless:
              - test -e %2$s
              - true
        skipped-by-creates:
          file.managed:
            - name: %1$s.c
            - contents: c
            - creates: %2$s
        runs:
          file.managed:
            - name: %1$s
            - contents: made
            - onlyif: test -e %2$s
            - unless: test -e /no/such/path
        """.formatted(target, marker));
    StateOutcome out = engine.apply(tree.job("a"));
    assertTrue(out.success(), () -> out.ret().toString());
    assertEquals("made\n", Files.readString(target));
    for (String suffix : new String[] {".a", ".b", ".c"}) {
      assertFalse(Files.exists(Path.of(target + suffix)), suffix);
    }
    assertTrue(String.valueOf(state(out, "skipped-by-onlyif", "file.managed").get("comment"))
        .contains("onlyif condition is false"));
    assertTrue(String.valueOf(state(out, "skipped-by-unless", "file.managed").get("comment"))
        .contains("unless condition is true"));
    assertTrue(String.valueOf(state(out, "skipped-by-creates", "file.managed").get("comment"))
        .contains("creates exist"));
  }
}
