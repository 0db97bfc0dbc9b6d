package io.brine.states;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

/** Small readers over a {@link StateOutcome} so tests say what they check. */
public final class Outcomes {
    private Outcomes() {}

    /** The entry whose key has this ID and function, e.g. ("a", "test.nop"). */
    public static Map<String, Object> state(StateOutcome out, String id, String function) {
        String module = function.substring(0, function.indexOf('.'));
        String fn = function.substring(function.indexOf('.') + 1);
        return out.states().entrySet().stream()
                .filter(e -> e.getKey().startsWith(module + "_|-" + id + "_|-") && e.getKey().endsWith("_|-" + fn))
                .map(Map.Entry::getValue)
                .findFirst()
                .orElseThrow(() -> new AssertionError("no state " + id + " " + function + " in " + out.ret()));
    }

    /** IDs in the order they ran. */
    public static List<Object> runOrder(StateOutcome out) {
        return out.states().values().stream()
                .sorted((a, b) -> Integer.compare((Integer) a.get("__run_num__"), (Integer) b.get("__run_num__")))
                .map(s -> s.get("__id__"))
                .toList();
    }

    public static void assertErrorMentions(StateOutcome out, String... fragments) {
        String all = String.join("\n", out.errors());
        for (String fragment : fragments) {
            assertTrue(all.contains(fragment), "expected an error mentioning '" + fragment + "', got: " + out.errors());
        }
    }

    public static boolean anyChanges(StateOutcome out) {
        return out.states().values().stream().anyMatch(s -> !((Map<?, ?>) s.get("changes")).isEmpty());
    }
}
