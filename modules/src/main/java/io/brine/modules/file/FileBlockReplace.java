package io.brine.modules.file;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code file.blockreplace}: the text between two marker lines, which stay as they are, so several states (or
 * a person) can each own one block of a shared file.
 *
 * <pre>
 * /etc/hosts:
 *   file.blockreplace:
 *     - marker_start: "# BEGIN brine managed"
 *     - marker_end: "# END brine managed"
 *     - content: "10.0.0.5 db"
 *     - append_if_not_found: true
 * </pre>
 *
 * <p>Text of {@code file.accumulated} states for the same file that it requires or watches is added to the block.
 */
final class FileBlockReplace implements StateFunction {
    @Override
    public String name() {
        return "blockreplace";
    }

    @Override
    public String doc() {
        return "Replaces the content between a start and an end marker line, adding the marked block when asked to.";
    }

    @Override
    public List<Param> params() {
        return List.of(
                Param.optional("marker_start", Type.STRING, "#-- start managed zone --",
                        "text of the line opening the block"),
                Param.optional("marker_end", Type.STRING, "#-- end managed zone --", "text of the line closing the block"),
                Param.optional("content", Type.STRING, "", "what the block holds"),
                Param.optional("append_if_not_found", Type.BOOLEAN, false, "add the block at the end when the markers are"
                        + " missing"),
                Param.optional("prepend_if_not_found", Type.BOOLEAN, false, "add the block at the start when the markers"
                        + " are missing"),
                Param.optional("show_changes", Type.BOOLEAN, true, "report the diff; false reports only that it changed"),
                Param.optional("backup", Type.ANY, null, "a suffix: keep the file as it was under name + suffix when"
                        + " the block changes; false or unset: no copy (Salt's default is '.bak')"));
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        Path path = StatePath.of(args.name(), ctx);
        if (!Files.isRegularFile(path)) {
            return StateResult.failed("File " + path + " not found");
        }
        String start = args.string("marker_start").strip();
        String end = args.string("marker_end").strip();
        List<String> block = TextEdit.lines(args.string("content"));
        // what file.accumulated states collected for this file joins the block, one line per text
        block.addAll(ctx.run().shared(Accumulators.class, Accumulators::new).forBlock(args.name(), ctx.run().id()));
        String before = TextEdit.read(path);
        List<String> lines = TextEdit.lines(before);
        int open = indexOf(lines, start, 0);
        int close = open < 0 ? -1 : indexOf(lines, end, open + 1);
        if (open >= 0 && close < 0) {
            return StateResult.failed("Unterminated marked block: '" + start + "' has no '" + end + "' after it");
        }
        if (open >= 0) {
            lines.subList(open + 1, close).clear();
            lines.addAll(open + 1, block);
        } else if (args.bool("prepend_if_not_found") || args.bool("append_if_not_found")) {
            List<String> marked = new ArrayList<>(List.of(start));
            marked.addAll(block);
            marked.add(end);
            lines.addAll(args.bool("prepend_if_not_found") ? 0 : lines.size(), marked);
        } else {
            return StateResult.failed("Cannot edit marked block: markers were not found in " + path);
        }
        String after = TextEdit.join(lines);
        Object backup = args.raw("backup");
        boolean changing = !before.lines().toList().equals(after.lines().toList());
        if (changing && !ctx.test() && backup != null && !"false".equalsIgnoreCase(String.valueOf(backup))) {
            Files.copy(path, path.resolveSibling(path.getFileName() + String.valueOf(backup)),
                    StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
        }
        StateResult result = TextEdit.apply(path, before, after, false, ctx);
        if (args.bool("show_changes") || !result.hasChanges()) {
            return result;
        }
        // the block may hold secrets, which is why a formula turns the diff off
        return new StateResult(result.result(), Map.of("diff", "<show_changes=False>"), result.comment());
    }

    /** The first line from {@code from} on that contains the marker, as Salt finds markers after indentation. */
    private static int indexOf(List<String> lines, String marker, int from) {
        for (int i = from; i < lines.size(); i++) {
            if (lines.get(i).contains(marker)) {
                return i;
            }
        }
        return -1;
    }
}
