package io.brine.modules.file;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code file.rename}: moves source to name. Once moved, the source is gone and the target there, which a
 * second run takes as done rather than as a missing source.
 *
 * <pre>
 * /etc/app/app.conf:
 *   file.rename:
 *     - source: /etc/app.conf
 *     - makedirs: true
 * </pre>
 */
final class FileRename implements StateFunction {
    @Override
    public String name() {
        return "rename";
    }

    @Override
    public String doc() {
        return "Moves a file or directory from source to name, unless name already exists (then only with force).";
    }

    @Override
    public List<Param> params() {
        return List.of(
                Param.required("source", Type.STRING, "absolute path of what to move"),
                Param.optional("force", Type.BOOLEAN, false, "remove an existing target first"),
                Param.optional("makedirs", Type.BOOLEAN, false, "create missing parent directories"));
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        Path name = StatePath.of(args.name(), ctx);
        Path source = StatePath.of(args.string("source"), ctx);
        if (!name.isAbsolute() || !source.isAbsolute()) {
            return StateResult.failed("Only absolute paths are allowed: " + name + ", " + source);
        }
        boolean targetExists = Files.exists(name, LinkOption.NOFOLLOW_LINKS);
        if (!Files.exists(source, LinkOption.NOFOLLOW_LINKS)) {
            return targetExists
                    ? StateResult.ok("Source file \"" + source + "\" has already been moved out of place")
                    : StateResult.failed("Source file \"" + source + "\" is not present");
        }
        if (targetExists && !args.bool("force")) {
            return StateResult.ok("The target file \"" + name + "\" exists and will not be overwritten");
        }
        if (!Files.isDirectory(name.getParent()) && !args.bool("makedirs") && !ctx.test()) {
            return StateResult.failed("The target directory " + name.getParent() + " is not present");
        }
        Map<String, Object> changes = Map.of(name.toString(), source.toString());
        if (ctx.test()) {
            return StateResult.pending(changes, "File \"" + source + "\" is set to be moved to \"" + name + "\"");
        }
        if (targetExists) {
            FileAbsent.remove(name);
        }
        Files.createDirectories(name.getParent());
        Files.move(source, name);
        return StateResult.changed(changes, "Moved \"" + source + "\" to \"" + name + "\"");
    }
}
