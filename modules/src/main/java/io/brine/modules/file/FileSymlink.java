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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** {@code file.symlink}: a symlink at name pointing to target, with the link's own ownership. */
final class FileSymlink implements StateFunction {
    @Override
    public String name() {
        return "symlink";
    }

    @Override
    public String doc() {
        return "Ensures a symbolic link exists and points to the target.";
    }

    @Override
    public List<Param> params() {
        return List.of(
                Param.required("target", Type.STRING, "what the link points to"),
                Param.optional("force", Type.BOOLEAN, false, "replace a file or empty directory standing where the link goes"),
                Param.optional("makedirs", Type.BOOLEAN, false, "create missing parents"),
                Param.optional("user", Type.STRING, null, "owner of the link itself"),
                Param.optional("group", Type.STRING, null, "group of the link itself"));
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        Path link = StatePath.of(args.name(), ctx);
        Path target = Path.of(args.string("target"));
        if (!link.isAbsolute()) {
            return StateResult.failed("Specified file " + link + " is not an absolute path");
        }
        Ownership owner = new Ownership(args.string("user"), args.string("group"), null);
        Optional<String> problem = owner.problem(ctx);
        if (problem.isPresent()) {
            return StateResult.failed(problem.get());
        }
        Map<String, Object> changes = new LinkedHashMap<>();
        boolean isLink = Files.isSymbolicLink(link);
        if (isLink && !Files.readSymbolicLink(link).equals(target)) {
            changes.put("new", link.toString());
            changes.put("target", Map.of("old", Files.readSymbolicLink(link).toString(), "new", target.toString()));
        } else if (!isLink && Files.exists(link, LinkOption.NOFOLLOW_LINKS)) {
            if (!args.bool("force")) {
                return StateResult.failed("File exists where the symlink " + link + " should be; set force: true to replace it");
            }
            changes.put("forced", link.toString());
            changes.put("new", link.toString());
        } else if (!isLink) {
            // in test mode an earlier state may be about to create the parent, as Salt assumes
            if (!Files.isDirectory(link.getParent()) && !args.bool("makedirs") && !ctx.test()) {
                return StateResult.failed("Directory " + link.getParent() + " for symlink is not present");
            }
            changes.put("new", link.toString());
        }
        changes.putAll(owner.pending(link));
        if (changes.isEmpty()) {
            return StateResult.ok("Symlink " + link + " is present and points to " + target);
        }
        if (ctx.test()) {
            return StateResult.pending(changes, "Symlink " + link + " to " + target + " is set to be created");
        }
        if (changes.containsKey("new")) {
            if (Files.exists(link, LinkOption.NOFOLLOW_LINKS)) {
                Files.delete(link);
            }
            Files.createDirectories(link.getParent());
            Files.createSymbolicLink(link, target);
        }
        owner.apply(link, ctx.commands());
        return StateResult.changed(changes, "Created new symlink " + link + " -> " + target);
    }
}
