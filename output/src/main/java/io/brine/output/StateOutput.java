package io.brine.output;

import io.brine.jobs.Job;
import io.brine.jobs.MinionResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Prints state runs the way Salt's highstate outputter does: every state with its id, function, result,
 * comment, changes (diffs included) and duration, then a summary per minion. JSON and YAML output are the
 * same documents as for {@code brine run}.
 */
public final class StateOutput {
    private StateOutput() {
    }

    /**
     * Whether {@code function} returns a state run, printed as Salt prints it for {@code salt-call state.apply}
     * (its highstate outputter) rather than as nested data.
     */
    public static boolean printsStates(String function) {
        return java.util.Set.of("state.apply", "state.highstate", "state.single", "state.sls", "state.test",
                "state.orchestrate")
                .contains(function);
    }

    /** Salt's highstate text for every minion of {@code job}, then the minions that did not return. */
    public static String text(Job job) {
        StringBuilder out = new StringBuilder();
        new TreeMap<>(job.returns()).forEach((id, r) -> minion(out, id, r));
        JobOutput.appendMissing(out, job);
        return out.toString();
    }

    private static void minion(StringBuilder out, String id, MinionResult r) {
        states(out, id, r.ret(), r.success());
    }

    private static void states(StringBuilder out, String id, Object ret, boolean success) {
        out.append(id).append(":\n");
        if (ret instanceof List<?> errors) {
            out.append("    Data failed to compile:\n");
            errors.forEach(e -> out.append("----------\n    ").append(e).append('\n'));
            return;
        }
        if (!(ret instanceof Map<?, ?> states)) {
            out.append(success ? NestedText.render(ret, 1) : "    ERROR: " + ret + "\n");
            return;
        }
        List<Map<?, ?>> ordered = new ArrayList<>();
        states.values().forEach(v -> ordered.add((Map<?, ?>) v));
        ordered.sort((a, b) -> Long.compare(number(a.get("__run_num__")), number(b.get("__run_num__"))));
        int ok = 0;
        int changed = 0;
        int failed = 0;
        double total = 0;
        for (Map<?, ?> s : ordered) {
            String key = keyOf(states, s);
            String[] parts = key.split("_\\|-");
            Object result = s.get("result");
            boolean hasChanges = s.get("changes") instanceof Map<?, ?> m && !m.isEmpty();
            if (Boolean.FALSE.equals(result)) {
                failed++;
            } else {
                ok++;
                changed += hasChanges ? 1 : 0;
            }
            double ms = s.get("duration") instanceof Number n ? n.doubleValue() : 0;
            total += ms;
            out.append("----------\n");
            line(out, "ID", String.valueOf(s.get("__id__")));
            line(out, "Function", parts.length >= 4 ? parts[0] + "." + parts[3] : key);
            line(out, "Name", String.valueOf(s.get("name")));
            line(out, "Result", result == null ? "None" : Boolean.TRUE.equals(result) ? "True" : "False");
            line(out, "Comment", String.valueOf(s.get("comment")).replace("\n", "\n              "));
            line(out, "Started", String.valueOf(s.get("start_time")));
            line(out, "Duration", String.format(Locale.ROOT, "%.3f ms", ms));
            out.append("     Changes:");
            if (hasChanges && s.get("changes") instanceof Map<?, ?> c && "highstate".equals(c.get("out"))
                    && c.get("ret") instanceof Map<?, ?> minions) {
                // an orchestration's step: each minion's state run as Salt's highstate outputter nests it
                out.append('\n');
                minions.forEach((m, run) -> {
                    StringBuilder nested = new StringBuilder();
                    states(nested, String.valueOf(m), run, true);
                    nested.toString().lines().forEach(l -> out.append("              ").append(l).append('\n'));
                });
            } else if (hasChanges) {
                out.append('\n').append(NestedText.render(s.get("changes"), 3));
            } else {
                out.append("   \n");
            }
            if (s.get("warnings") instanceof List<?> warnings && !warnings.isEmpty()) {
                // what Salt's highstate output shows after the changes: arguments a state function ignored
                line(out, "Warnings", warnings.stream().map(String::valueOf)
                        .collect(java.util.stream.Collectors.joining("\n              ")));
            }
        }
        out.append("\nSummary for ").append(id).append("\n------------\n");
        out.append("Succeeded: ").append(ok).append(" (changed=").append(changed).append(")\n");
        out.append("Failed:    ").append(failed).append("\n------------\n");
        out.append("Total states run:     ").append(ordered.size()).append('\n');
        out.append(String.format(Locale.ROOT, "Total run time: %8.3f ms%n", total));
    }

    private static String keyOf(Map<?, ?> states, Map<?, ?> state) {
        for (Map.Entry<?, ?> e : states.entrySet()) {
            if (e.getValue() == state) {
                return String.valueOf(e.getKey());
            }
        }
        return "";
    }

    private static void line(StringBuilder out, String label, String value) {
        out.append(String.format(Locale.ROOT, "%12s: %s%n", label, value));
    }

    private static long number(Object o) {
        return o instanceof Number n ? n.longValue() : Long.MAX_VALUE;
    }
}
