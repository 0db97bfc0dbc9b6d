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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * {@code file.comment} and {@code file.uncomment}: put a comment character before the lines a regular
 * expression finds, or take it away. The regular expression describes the line without its comment character,
 * so the same one serves both states.
 *
 * <pre>
 * /etc/fstab:
 *   file.comment:
 *     - regex: ^/dev/sdb1
 * </pre>
 */
final class FileComment implements StateFunction {
    private final boolean uncomment;

    FileComment(boolean uncomment) {
        this.uncomment = uncomment;
    }

    @Override
    public String name() {
        return uncomment ? "uncomment" : "comment";
    }

    @Override
    public String doc() {
        return uncomment ? "Removes the comment character from the commented lines a regular expression finds."
                : "Comments out the lines a regular expression finds by putting a comment character before them.";
    }

    @Override
    public List<Param> params() {
        return List.of(
                Param.required("regex", Type.STRING, "regular expression for the line, without the comment character"),
                Param.optional("char", Type.STRING, "#", "the comment character"),
                Param.optional("ignore_missing", Type.BOOLEAN, false, "succeed when no line matches at all"));
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        Path path = StatePath.of(args.name(), ctx);
        if (!Files.isRegularFile(path)) {
            return StateResult.failed(path + ": file not found");
        }
        String mark = args.string("char");
        // a leading ^ anchors the line's text after the comment character, as Salt reads it
        String body = args.string("regex").replaceFirst("^\\^", "");
        Pattern plain;
        Pattern commented;
        try {
            // (?!char): a line already commented is not commented again, whatever the expression matches
            plain = Pattern.compile("^(\\s*)(?!" + Pattern.quote(mark) + ")(" + body + ")");
            commented = Pattern.compile("^(\\s*)" + Pattern.quote(mark) + "+\\s*(" + body + ")");
        } catch (PatternSyntaxException e) {
            return StateResult.failed("Bad regular expression: " + e.getMessage());
        }
        String before = TextEdit.read(path);
        List<String> lines = TextEdit.lines(before);
        Pattern wanted = uncomment ? commented : plain;
        Pattern done = uncomment ? plain : commented;
        if (lines.stream().noneMatch(l -> wanted.matcher(l).find())) {
            if (lines.stream().anyMatch(l -> done.matcher(l).find())) {
                return StateResult.ok("Pattern already " + name() + "ed");
            }
            return args.bool("ignore_missing") ? StateResult.ok("Pattern not found and ignore_missing set")
                    : StateResult.failed(path + ": Pattern not found");
        }
        lines.replaceAll(line -> edit(line, wanted.matcher(line), mark));
        StateResult result = TextEdit.apply(path, before, TextEdit.join(lines), false, ctx);
        return result.hasChanges() && !ctx.test()
                ? new StateResult(true, result.changes(), (uncomment ? "Uncommented" : "Commented") + " lines successfully")
                : result;
    }

    private String edit(String line, Matcher m, String mark) {
        if (!m.find()) {
            return line;
        }
        return uncomment ? m.group(1) + line.substring(m.start(2)) : m.group(1) + mark + line.substring(m.start(2));
    }
}
