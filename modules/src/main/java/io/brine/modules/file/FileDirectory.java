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
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * {@code file.directory}: a directory with owner and mode, optionally applied to its whole tree. A file in the way
 * (or a symlink, unless {@code allow_symlink} lets one to a directory stand) is replaced only with {@code force};
 * {@code clean} empties the directory of all that the file states it requires do not manage. A missing directory is
 * made by the {@code file.mkdir} execution function's code ({@link FileEntries#openMaking}); a file or link in the
 * way, and what {@code clean} removes, go the {@code file.remove} way ({@link FileAbsent#remove}).
 *
 * <pre>
 * /etc/apache2/sites-enabled:
 *   file.directory:
 *     - clean: True
 *     - require:
 *       - file: /etc/apache2/sites-enabled/default.conf
 * </pre>
 */
final class FileDirectory implements StateFunction {
    @Override
    public String name() {
        return "directory";
    }

    @Override
    public String doc() {
        return "Ensures a directory exists with the given owner and modes, optionally fixing everything below it.";
    }

    @Override
    public List<Param> params() {
        return List.of(
                Param.optional("user", Type.STRING, null, "owner"),
                Param.optional("group", Type.STRING, null, "group"),
                Param.optional("mode", Type.STRING, null, "the directory's mode (alias of dir_mode)"),
                Param.optional("dir_mode", Type.STRING, null, "mode of the directory and, with recurse, of subdirectories"),
                Param.optional("file_mode", Type.STRING, null, "with recurse: mode of the files below"),
                Param.optional("makedirs", Type.BOOLEAN, false, "create missing parents"),
                Param.optional("recurse", Type.STRING_LIST, null, "apply user, group and/or mode to everything below"),
                Param.optional("allow_symlink", Type.BOOLEAN, true, "a symlink to a directory may stand in for it"),
                Param.optional("force", Type.BOOLEAN, false, "replace a file or symlink that is in the way"),
                Param.optional("clean", Type.BOOLEAN, false, "remove everything below that no required file state"
                        + " manages"));
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        Path dir = StatePath.of(args.name(), ctx);
        if (!dir.isAbsolute()) {
            return StateResult.failed("Specified directory " + dir + " is not an absolute path");
        }
        Ownership owner;
        Integer fileMode;
        try {
            owner = Ownership.of(args, args.has("dir_mode") ? "dir_mode" : "mode");
            fileMode = Modes.parse(args.string("file_mode"));
        } catch (IllegalArgumentException e) {
            return StateResult.failed(e.getMessage());
        }
        Optional<String> problem = owner.problem(ctx);
        if (problem.isPresent()) {
            return StateResult.failed(problem.get());
        }
        Map<String, Object> changes = new LinkedHashMap<>();
        boolean link = Files.isSymbolicLink(dir);
        boolean inTheWay = Files.isRegularFile(dir) || link && (!args.bool("allow_symlink") || args.bool("force"));
        if (inTheWay && !args.bool("force")) {
            return StateResult.failed("Specified location " + dir + " exists and is a "
                    + (Files.isRegularFile(dir) ? "file" : "symlink"));
        }
        if (inTheWay) {
            changes.put("forced", (link ? "Symlink" : "File") + " was forcibly replaced");
        } else if (Files.exists(dir, LinkOption.NOFOLLOW_LINKS) && !Files.isDirectory(dir)) {
            return StateResult.failed("Specified location " + dir + " exists and is not a directory");
        }
        boolean exists = !inTheWay && Files.isDirectory(dir);
        // in test mode an earlier state may be about to create the parent, as Salt assumes
        if (!exists && !Files.isDirectory(dir.getParent()) && !args.bool("makedirs") && !ctx.test()) {
            return StateResult.failed("No directory to create " + dir + " in");
        }
        if (!exists) {
            changes.put(dir.toString(), "New Dir");
        }
        changes.putAll(owner.pending(dir));
        List<Path> unkept = exists && args.bool("clean")
                ? DirectoryClean.unkept(dir, ctx.run().requiredNames("file")) : List.of();
        if (!unkept.isEmpty()) {
            changes.put("removed", unkept.stream().map(Path::toString).toList());
        }
        List<String> recurse = args.strings("recurse");
        List<Path> below = exists && !recurse.isEmpty() ? belowNeedingChange(dir, owner, fileMode, recurse) : List.of();
        below = below.stream().filter(p -> unkept.stream().noneMatch(p::startsWith)).toList();
        if (!below.isEmpty()) {
            changes.put("recursion", below.size() + " entries below " + dir + " changed");
        }
        if (changes.isEmpty()) {
            return StateResult.ok("The directory " + dir + " is in the correct state");
        }
        if (ctx.test()) {
            return StateResult.pending(changes, "The directory " + dir + " is set to be changed");
        }
        if (inTheWay) {
            FileAbsent.remove(dir); // a link is removed as an entry, never followed
        }
        DirectoryClean.remove(unkept);
        if (!exists) {
            // the file.mkdir way; without makedirs the parent was found present above
            FileEntries.openMaking(dir).close();
            if (owner.mode() == null) {
                Modes.apply(dir, 0755, ctx.commands());
            }
        }
        owner.apply(dir, ctx.commands());
        for (Path p : exists ? below : belowNeedingChange(dir, owner, fileMode, recurse)) {
            recursive(owner, fileMode, recurse, p).apply(p, ctx.commands());
        }
        return StateResult.changed(changes, "Directory " + dir + " updated");
    }

    /** The ownership recursion applies to one entry: ignore_mode etc. follow Salt's recurse list. */
    private static Ownership recursive(Ownership top, Integer fileMode, List<String> recurse, Path p) {
        String user = recurse.contains("user") ? top.user() : null;
        String group = recurse.contains("group") ? top.group() : null;
        Integer mode = recurse.contains("mode") ? (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS) ? top.mode() : fileMode) : null;
        return new Ownership(user, group, mode);
    }

    private static List<Path> belowNeedingChange(Path dir, Ownership owner, Integer fileMode, List<String> recurse)
            throws IOException {
        if (recurse.isEmpty() || !Files.isDirectory(dir)) {
            return List.of();
        }
        List<Path> out = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) walk.skip(1)::iterator) {
                if (!Files.isSymbolicLink(p) && !recursive(owner, fileMode, recurse, p).pending(p).isEmpty()) {
                    out.add(p);
                }
            }
        }
        return out;
    }
}
