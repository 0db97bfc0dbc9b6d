package io.brine.modules.file;

import io.brine.functions.StateContext;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The common end of every state that edits a text file line by line ({@code file.line}, {@code host.present},
 * {@code sysctl.present}...): compare, report a unified diff, and in test mode stop there.
 *
 * <pre>{@code
 * List<String> lines = TextEdit.lines(before);
 * lines.add("new line");
 * return TextEdit.apply(path, before, TextEdit.join(lines), false, ctx);
 * }</pre>
 */
public final class TextEdit {
    private TextEdit() {}

    /** The file's text, or "" when it does not exist. */
    public static String read(Path path) throws IOException {
        return Files.exists(path) ? Files.readString(path, StandardCharsets.UTF_8) : "";
    }

    /** The lines of {@code text} without their endings, in a list the caller may change. */
    public static List<String> lines(String text) {
        return new ArrayList<>(text.lines().toList());
    }

    /** Lines as a file's text: each ends with a newline, as editors and Salt leave them. */
    public static String join(List<String> lines) {
        return lines.isEmpty() ? "" : String.join("\n", lines) + "\n";
    }

    /**
     * Writes {@code after} unless it equals {@code before} line for line (a missing final newline alone is not worth
     * a change, so a second run finds nothing to do), reporting the diff; in test mode only reports it.
     */
    public static StateResult apply(Path path, String before, String after, boolean makedirs, StateContext ctx)
            throws IOException {
        boolean exists = Files.exists(path);
        if (exists && before.lines().toList().equals(after.lines().toList())) {
            return StateResult.ok("No changes needed to be made");
        }
        Map<String, Object> changes = Map.of("diff", exists ? UnifiedDiff.between(before, after) : "New file");
        if (ctx.test()) {
            return StateResult.pending(changes, "Changes would be made to " + path);
        }
        if (!makedirs && !Files.isDirectory(path.getParent())) {
            return StateResult.failed("Parent directory not present: " + path.getParent());
        }
        AtomicWrite.write(path, after.getBytes(StandardCharsets.UTF_8), makedirs);
        return StateResult.changed(changes, "Changes were made to " + path);
    }
}
