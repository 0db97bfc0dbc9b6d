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
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.util.List;
import java.util.Map;

/**
 * {@code file.copy}: a local file copied to name. An existing target is left alone unless {@code force} is set
 * and its content differs, so the state is idempotent either way.
 *
 * <pre>
 * /etc/app/app.conf:
 *   file.copy:
 *     - source: /usr/share/app/app.conf.example
 *     - preserve: true
 * </pre>
 */
final class FileCopy implements StateFunction {
    @Override
    public String name() {
        return "copy";
    }

    @Override
    public String doc() {
        return "Copies a file on the minion to name, overwriting a different one only with force.";
    }

    @Override
    public List<Param> params() {
        return List.of(
                Param.required("source", Type.STRING, "absolute path of the file to copy"),
                Param.optional("force", Type.BOOLEAN, false, "replace an existing target whose content differs"),
                Param.optional("makedirs", Type.BOOLEAN, false, "create missing parent directories"),
                Param.optional("preserve", Type.BOOLEAN, false, "keep the source's owner, group and modification time"
                        + " (its mode is always kept)"));
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        Path name = StatePath.of(args.name(), ctx);
        Path source = StatePath.of(args.string("source"), ctx);
        if (!name.isAbsolute() || !source.isAbsolute()) {
            return StateResult.failed("Only absolute paths are allowed: " + name + ", " + source);
        }
        if (!Files.isRegularFile(source)) {
            return StateResult.failed("Source file \"" + source + "\" is not present");
        }
        if (Files.isDirectory(name)) {
            return StateResult.failed("Target " + name + " is a directory");
        }
        boolean exists = Files.exists(name, LinkOption.NOFOLLOW_LINKS);
        if (exists && Files.mismatch(source, name) == -1) {
            return StateResult.ok("The target file \"" + name + "\" is in the correct state");
        }
        if (exists && !args.bool("force")) {
            return StateResult.ok("The target file \"" + name + "\" exists and will not be overwritten");
        }
        if (!Files.isDirectory(name.getParent()) && !args.bool("makedirs") && !ctx.test()) {
            return StateResult.failed("The target directory " + name.getParent() + " is not present");
        }
        Map<String, Object> changes = Map.of(name.toString(), source.toString());
        if (ctx.test()) {
            return StateResult.pending(changes, "File \"" + source + "\" is set to be copied to \"" + name + "\"");
        }
        Files.createDirectories(name.getParent());
        copy(source, name, args.bool("preserve"));
        return StateResult.changed(changes, "Copied \"" + source + "\" to \"" + name + "\"");
    }

    /** Through a temporary file and a rename, so a reader never sees half a copy. */
    private static void copy(Path source, Path name, boolean preserve) throws IOException {
        Path temp = Files.createTempFile(name.getParent(), "." + name.getFileName(), ".brine-tmp");
        try {
            Files.copy(source, temp, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
            if (preserve) {
                PosixFileAttributes attrs = Files.readAttributes(source, PosixFileAttributes.class);
                PosixFileAttributeView view = Files.getFileAttributeView(temp, PosixFileAttributeView.class);
                view.setOwner(attrs.owner());
                view.setGroup(attrs.group());
            } else {
                Files.setLastModifiedTime(temp, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis()));
            }
            Files.move(temp, name, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
