package io.brine.modules.file;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code file.replace}: regular-expression replacement in a file. Salt's patterns are Python's;
 * the common subset is the same in Java, and Python's {@code \1}/{@code \g<name>} back-references
 * in {@code repl} are translated.
 */
final class FileReplaceState implements StateFunction {
    @Override
    public String name() {
        return "replace";
    }

    @Override
    public String doc() {
        return "Replaces what a regular expression matches in a file, optionally adding the text when nothing matches.";
    }

    @Override
    public List<Param> params() {
        return List.of(
                Param.required("pattern", Type.STRING, "regular expression; ^ and $ match at line boundaries"),
                Param.required("repl", Type.STRING, "replacement; \\1 refers to a group"),
                Param.optional("count", Type.INTEGER, 0L, "replace at most this many matches; 0 means all"),
                Param.optional("flags", Type.STRING_LIST, List.of("MULTILINE"), "regular expression flags")
                        .oneOfIgnoringCase(RegexReplacement.FLAG_NAMES.toArray(String[]::new)),
                Param.optional("append_if_not_found", Type.BOOLEAN, false, "append repl when the pattern is absent"),
                Param.optional("prepend_if_not_found", Type.BOOLEAN, false, "prepend repl when the pattern is absent"),
                Param.optional("not_found_content", Type.STRING, null, "what to add instead of repl"),
                Param.optional("show_changes", Type.BOOLEAN, true, "report the diff; false reports only that it"
                        + " changed"));
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        Path path = StatePath.of(args.name(), ctx);
        if (!Files.isRegularFile(path)) {
            return StateResult.failed(path + ": file not found");
        }
        RegexReplacement replacement;
        try {
            replacement = RegexReplacement.of(args.string("pattern"), args.strings("flags"), args.string("repl"),
                    args.optInteger("count").orElse(0L));  // PatternSyntaxException is an IllegalArgumentException
        } catch (IllegalArgumentException e) {
            return StateResult.failed("Bad pattern or flags: " + e.getMessage());
        }
        String before = Files.readString(path, StandardCharsets.UTF_8);
        String after = replacement.edit(before, args.bool("append_if_not_found"), args.bool("prepend_if_not_found"),
                args.optString("not_found_content").orElse(args.string("repl")));
        if (after.equals(before)) {
            return StateResult.ok("No changes needed to be made");
        }
        Map<String, Object> changes = Map.of("diff",
                args.bool("show_changes") ? UnifiedDiff.between(before, after) : FileManaged.HIDDEN_DIFF);
        if (ctx.test()) {
            return StateResult.pending(changes, "Changes would have been made");
        }
        AtomicWrite.write(path, after.getBytes(StandardCharsets.UTF_8), false);
        return StateResult.changed(changes, "Changes were made");
    }



}
