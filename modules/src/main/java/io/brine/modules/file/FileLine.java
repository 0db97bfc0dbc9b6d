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
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * {@code file.line}: one line of a file, placed, replaced or deleted.
 *
 * <pre>
 * /etc/ssh/sshd_config:
 *   file.line:
 *     - content: PermitRootLogin no
 *     - match: ^#?PermitRootLogin
 *     - mode: replace
 * </pre>
 */
final class FileLine implements StateFunction {
    @Override
    public String name() {
        return "line";
    }

    @Override
    public String doc() {
        return "Ensures a single line is in a file, replaced by it or deleted from it, at a place given by"
                + " location, before or after.";
    }

    @Override
    public List<Param> params() {
        return List.of(
                Param.optional("content", Type.STRING, null, "the line; not needed by mode delete"),
                Param.optional("match", Type.STRING, null, "regular expression for the lines to replace or delete;"
                        + " defaults to content"),
                Param.required("mode", Type.STRING, "ensure, replace, insert or delete"),
                Param.optional("location", Type.STRING, null, "for insert without before/after: start or end"),
                Param.optional("before", Type.STRING, null, "regular expression for the line the content goes before"),
                Param.optional("after", Type.STRING, null, "regular expression for the line the content goes after"),
                Param.optional("indent", Type.BOOLEAN, true, "keep the indentation of the neighbouring line"),
                Param.optional("create", Type.BOOLEAN, false, "create the file if it does not exist"));
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        Path path = StatePath.of(args.name(), ctx);
        if (!path.isAbsolute()) {
            return StateResult.failed("Specified file " + path + " is not an absolute path");
        }
        String mode = args.string("mode").toLowerCase(Locale.ROOT);
        String content = args.optString("content").map(c -> c.replaceAll("\\R+$", "")).orElse(null);
        if (content == null && !mode.equals("delete")) {
            return StateResult.failed("Content can only be empty if mode is delete");
        }
        if (!Files.isRegularFile(path) && !args.bool("create")) {
            return StateResult.failed("File " + path + " not found; set create: true to create it");
        }
        LineEdit edit;
        try {
            String match = args.optString("match").orElse(content == null ? null : Pattern.quote(content));
            if (match == null) {
                return StateResult.failed("Mode delete needs match or content");
            }
            edit = new LineEdit(content, Pattern.compile(match), pattern(args, "before"), pattern(args, "after"),
                    args.string("location"), args.bool("indent"));
        } catch (PatternSyntaxException e) {
            return StateResult.failed("Bad regular expression: " + e.getMessage());
        }
        String before = TextEdit.read(path);
        List<String> lines = TextEdit.lines(before);
        try {
            edit.apply(mode, lines);
        } catch (LineEdit.Impossible e) {
            return StateResult.failed(e.getMessage());
        }
        return TextEdit.apply(path, before, TextEdit.join(lines), false, ctx);
    }

    private static Pattern pattern(Arguments args, String name) {
        return args.optString(name).map(Pattern::compile).orElse(null);
    }
}
