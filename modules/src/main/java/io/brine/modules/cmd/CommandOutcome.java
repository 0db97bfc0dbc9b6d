package io.brine.modules.cmd;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.functions.CommandResult;
import io.brine.functions.StateResult;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns a finished command into a state result. A {@code stateful} command tells on its last line
 * whether it changed anything, as JSON ({@code {"changed": false, "comment": "..."}}) or as
 * {@code changed=no comment='...'}; otherwise running it counts as a change.
 */
final class CommandOutcome {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern PAIR = Pattern.compile("(\\w+)=('([^']*)'|\"([^\"]*)\"|(\\S+))");

    private CommandOutcome() {}

    /** The state's result; what there is to say about the run (a timeout, a cut output) ends its comment. */
    static StateResult of(String what, CmdExecution.Outcome out, boolean stateful) {
        StateResult result = of(what, out.result(), stateful);
        return out.note().map(note -> new StateResult(result.result(), result.changes(), result.comment() + " ("
                + note + ")")).orElse(result);
    }

    private static StateResult of(String what, CommandResult r, boolean stateful) {
        Map<String, Object> changes = new LinkedHashMap<>();
        changes.put("pid", r.pid());
        changes.put("retcode", r.exitCode());
        changes.put("stdout", r.stdout().strip());
        changes.put("stderr", r.stderr().strip());
        if (!r.truncated().isEmpty()) {
            changes.put("truncated", r.truncated());
        }
        String comment = "Command \"" + what + "\" run";
        if (!r.ok()) {
            return new StateResult(false, changes, comment + " and failed with exit code " + r.exitCode());
        }
        if (!stateful) {
            return StateResult.changed(changes, comment);
        }
        Map<String, String> said = lastLine(r.stdout());
        boolean changed = !said.getOrDefault("changed", "yes").matches("(?i)no|false");
        String told = said.getOrDefault("comment", comment);
        return changed ? StateResult.changed(changes, told) : StateResult.ok(told);
    }

    private static Map<String, String> lastLine(String stdout) {
        String line = stdout.strip().lines().reduce((a, b) -> b).orElse("").strip();
        Map<String, String> out = new LinkedHashMap<>();
        if (line.startsWith("{")) {
            try {
                JsonNode node = JSON.readTree(line);
                node.fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asText()));
                return out;
            } catch (java.io.IOException e) {
                return out;
            }
        }
        Matcher m = PAIR.matcher(line);
        while (m.find()) {
            String value = m.group(3) != null ? m.group(3) : m.group(4) != null ? m.group(4) : m.group(5);
            out.put(m.group(1), value);
        }
        return out;
    }
}
