package io.brine.states.functions.file;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** {@code file.absent}: removes a file, a symlink (not its target) or a directory tree. */
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
    public StateResult apply(Arguments args, StateContext ctx) throws IOException {
        Path path = Path.of(args.name());
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
    static void remove(Path path) throws IOException {
        if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
            // walk does not follow symlinks by default, so a link inside the tree is removed, not entered
            try (Stream<Path> walk = Files.walk(path)) {
                for (Path p : (Iterable<Path>) walk.sorted(Comparator.reverseOrder())::iterator) {
                    Files.delete(p);
                }
            }
        } else {
            Files.delete(path);
        }
    }
}
