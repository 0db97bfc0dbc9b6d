package io.brine.console;

import io.brine.output.StateOutput;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One minion's return on a job's page: its outcome, retcode and output; a state run as Salt's highstate view shows
 * it, each state collapsible, failed states first and open.
 */
final class ReturnView {
    /** The most of one output a page shows (the whole is in {@code brine job show} and the API). */
    static final int MAX_OUTPUT_CHARS = 64 * 1024;

    private ReturnView() {
    }

    /** The row of {@code id}'s return, its element id derived from the minion's so live updates can find it. */
    static String row(String function, String id, boolean success, int retcode, Object ret) {
        return "<tr id=\"" + rowId(id) + "\" class=\"" + (success ? "ok" : "failed") + "\"><th scope=\"row\">"
                + Html.esc(id) + "</th><td><span class=\"badge " + (success ? "ok\">ok" : "bad\">failed")
                + "</span></td><td>" + retcode + "</td><td>" + output(function, ret) + "</td></tr>";
    }

    /** A row for a minion that did not return, with how it ended ({@code no-response}, {@code queued}, ...). */
    static String missingRow(String id, String label) {
        return "<tr id=\"" + rowId(id) + "\" class=\"missing\"><th scope=\"row\">" + Html.esc(id)
                + "</th><td><span class=\"badge warn\">" + Html.esc(label) + "</span></td><td></td><td></td></tr>";
    }

    /** An element id for a minion's row: the id's bytes in hex, so any minion id makes a valid, unique one. */
    static String rowId(String id) {
        return "ret-" + java.util.HexFormat.of().formatHex(id.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    private static String output(String function, Object ret) {
        if (StateOutput.printsStates(function) && ret instanceof Map<?, ?> states && !states.isEmpty()
                && states.values().stream().allMatch(s -> s instanceof Map<?, ?>)) {
            return states(states);
        }
        return "<pre class=\"output\">" + Html.esc(Html.cut(Values.pretty(ret), MAX_OUTPUT_CHARS)) + "</pre>";
    }

    private static String states(Map<?, ?> states) {
        List<Map<?, ?>> ordered = new ArrayList<>();
        states.values().forEach(s -> ordered.add((Map<?, ?>) s));
        ordered.sort((a, b) -> {
            int failed = Boolean.compare(!failed(a), !failed(b));
            return failed != 0 ? failed : Long.compare(number(a.get("__run_num__")), number(b.get("__run_num__")));
        });
        int ok = 0;
        int bad = 0;
        int changed = 0;
        StringBuilder out = new StringBuilder();
        for (Map<?, ?> s : ordered) {
            boolean failed = failed(s);
            boolean changes = s.get("changes") instanceof Map<?, ?> c && !c.isEmpty();
            ok += failed ? 0 : 1;
            bad += failed ? 1 : 0;
            changed += changes ? 1 : 0;
            Object result = s.get("result");
            String mark = failed ? "failed" : result == null ? "pending" : changes ? "changed" : "ok";
            out.append("<details class=\"state ").append(mark).append('"').append(failed ? " open" : "")
                    .append("><summary><span class=\"badge ").append(failed ? "bad" : changes ? "warn" : "ok")
                    .append("\">").append(mark).append("</span> <code>").append(Html.esc(s.get("__id__") == null
                    ? String.valueOf(s.get("name")) : String.valueOf(s.get("__id__")))).append("</code> ")
                    .append(Html.esc(Html.cut(String.valueOf(s.get("comment") == null ? "" : s.get("comment")), 300)))
                    .append("</summary><dl><dt>Name</dt><dd>").append(Html.esc(String.valueOf(s.get("name"))))
                    .append("</dd><dt>Result</dt><dd>").append(Html.esc(String.valueOf(result)))
                    .append("</dd><dt>Comment</dt><dd><pre>").append(Html.esc(Html.cut(String.valueOf(
                            s.get("comment")), MAX_OUTPUT_CHARS))).append("</pre></dd>")
                    .append(changes ? "<dt>Changes</dt><dd><pre>" + Html.esc(Html.cut(Values.pretty(s.get("changes")),
                            MAX_OUTPUT_CHARS)) + "</pre></dd>" : "")
                    .append(s.get("duration") == null ? "" : "<dt>Duration</dt><dd>" + Html.esc(s.get("duration"))
                            + " ms</dd>")
                    .append("</dl></details>");
        }
        return "<p class=\"summary\">Succeeded: " + ok + " (changed=" + changed + "), failed: " + bad + "</p>" + out;
    }

    private static boolean failed(Map<?, ?> state) {
        return Boolean.FALSE.equals(state.get("result"));
    }

    private static long number(Object o) {
        return o instanceof Number n ? n.longValue() : Long.MAX_VALUE;
    }
}
