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
import java.nio.file.SecureDirectoryStream;
import java.util.List;
import java.util.Map;

/**
 * {@code file.append}: makes sure each text block appears in the file, appending those missing.
 * A block already present anywhere counts as present, which is what makes the state idempotent. The missing
 * blocks are appended in place by the {@code file.append} execution function's code ({@link FileEntries#append}),
 * as Salt's state calls {@code file.append}: the file keeps its owner and mode, a new one is made 0644.
 */
final class FileAppend implements StateFunction {
    @Override
    public String name() {
        return "append";
    }

    @Override
    public String doc() {
        return "Appends the given text blocks to a file unless they are already in it.";
    }

    @Override
    public List<Param> params() {
        return List.of(
                Param.required("text", Type.STRING_LIST, "a block of text, or a list of them"),
                Param.optional("makedirs", Type.BOOLEAN, false, "create missing parents"));
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        Path path = StatePath.of(args.name(), ctx);
        if (!path.isAbsolute()) {
            return StateResult.failed("Specified file " + path + " is not an absolute path");
        }
        // in test mode an earlier state may be about to create the parent, as Salt assumes
        if (!Files.exists(path) && !Files.isDirectory(path.getParent()) && !args.bool("makedirs") && !ctx.test()) {
            return StateResult.failed("Parent directory not present: " + path.getParent());
        }
        String before = Files.exists(path) ? Files.readString(path, StandardCharsets.UTF_8) : "";
        StringBuilder missing = new StringBuilder();
        for (String block : args.strings("text")) {
            if (!(before + missing).contains(block.strip())) {
                missing.append(block.endsWith("\n") ? block : block + "\n");
            }
        }
        // what FileEntries.append makes of it: the last line ended first
        boolean unended = !before.isEmpty() && !before.endsWith("\n") && missing.length() > 0;
        String after = before + (unended ? "\n" : "") + missing;
        if (after.equals(before) && Files.exists(path)) {
            return StateResult.ok("File " + path + " is in correct state");
        }
        Map<String, Object> changes = Map.of("diff", UnifiedDiff.between(before, after));
        if (ctx.test()) {
            return StateResult.pending(changes, "File " + path + " is set to be updated");
        }
        Path real = Files.exists(path) ? path.toRealPath() : path; // a link to the file appends to the file
        try (SecureDirectoryStream<Path> dir = args.bool("makedirs") ? FileEntries.openMaking(real.getParent())
                : FileEntries.open(real.getParent())) {
            FileEntries.append(dir, real.getFileName(), path, missing.toString());
        }
        return StateResult.changed(changes, "Appended " + args.strings("text").size() + " block(s) to " + path);
    }
}
