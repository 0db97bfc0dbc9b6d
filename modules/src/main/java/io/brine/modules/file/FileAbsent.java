package io.brine.modules.file;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.NoSuchFileException;
import java.nio.file.SecureDirectoryStream;
import java.util.List;
import java.util.Map;

/**
 * {@code file.absent}: removes a file, a symlink (not its target) or a directory tree, with the code of the
 * {@code file.remove} execution function ({@link FileEntries#remove}); only the way to the parent differs (the
 * path the state's author wrote, rather than the minion's confinement to file_roots_allowed).
 */
final class FileAbsent implements StateFunction {
    @Override
    public String name() {
        return "absent";
    }

    @Override
    public String doc() {
        return "Ensures a file, link or directory tree is not present.";
    }

    @Override
    public List<Param> params() {
        return List.of();
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        Path path = StatePath.of(args.name(), ctx);
        if (!path.isAbsolute() || path.getNameCount() == 0) {
            return StateResult.failed("Refusing to remove " + path + ": it must be an absolute path below /");
        }
        if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
            return StateResult.ok("File " + path + " is not present");
        }
        Map<String, Object> changes = Map.of("removed", path.toString());
        if (ctx.test()) {
            return StateResult.pending(changes, "File " + path + " is set for removal");
        }
        remove(path);
        return StateResult.changed(changes, "Removed " + path);
    }

    /** Removes a file, a link (not what it points to) or a whole directory tree; {@code file.rename} uses it too. */
    static void remove(Path path) throws IOException, InterruptedException {
        try (SecureDirectoryStream<Path> parent = FileEntries.open(path.getParent())) {
            if (!FileEntries.remove(parent, path.getFileName())) {
                throw new NoSuchFileException(path.toString());
            }
        }
    }
}
