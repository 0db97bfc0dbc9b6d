package io.brine.modules.file;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;

/** Salt's {@code file.find} with its name, type and maxdepth options: matching paths under a directory, sorted. */
final class FileFind implements ExecutionFunction {
    /** Every path goes into one return message; a search this wide is a mistake, not a question. */
    static final int MAX_RESULTS = 100_000;

    @Override
    public String name() {
        return "file.find";
    }

    @Override
    public String doc() {
        return "Lists, sorted, the paths under a directory inside file_roots_allowed (the directory included, "
                + "links not followed) whose name matches a glob and whose type is one of f, d, l.";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.required("path", Param.Type.STRING, "absolute path inside file_roots_allowed"),
                Param.optional("name", Param.Type.STRING, null, "glob the base name must match, as '*.conf'"),
                Param.optional("type", Param.Type.STRING, null, "f (file), d (directory), l (link), or several: 'fd'")
                        .matching("[fdl]+"),
                Param.optional("maxdepth", Param.Type.INTEGER, null, "how deep to descend; 0 is the path itself")
                        .atLeast(0));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        AllowedPaths allowed = AllowedPaths.forProbes(context);
        Path start = allowed.existing(args.string("path"));
        String types = args.optString("type").orElse("fdl"); // its declared pattern admits only f, d and l
        PathMatcher glob = args.optString("name")
                .map(n -> FileSystems.getDefault().getPathMatcher("glob:" + n)).orElse(null);
        int depth = args.optInteger("maxdepth").map(Long::intValue).orElse(Integer.MAX_VALUE);
        List<String> found = new ArrayList<>();
        Files.walkFileTree(start, EnumSet.noneOf(FileVisitOption.class), Math.max(depth, 0),
                new SimpleFileVisitor<>() {
                    @Override
                    public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes a) throws IOException {
                        if (allowed.probing() && (!listable(dir) || allowed.secret(dir))) {
                            return FileVisitResult.SKIP_SUBTREE; // a template lists what any local user may list
                        }
                        return visitFile(dir, a);
                    }

                    @Override
                    public FileVisitResult visitFile(Path file, BasicFileAttributes a) throws IOException {
                        if (Thread.currentThread().isInterrupted()) {
                            return FileVisitResult.TERMINATE;
                        }
                        char type = a.isSymbolicLink() ? 'l' : a.isDirectory() ? 'd' : a.isRegularFile() ? 'f' : '?';
                        Path base = file.getFileName() == null ? file : file.getFileName();
                        if (types.indexOf(type) >= 0 && (glob == null || glob.matches(base))) {
                            found.add(file.toString());
                        }
                        return found.size() > MAX_RESULTS ? FileVisitResult.TERMINATE : FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult visitFileFailed(Path file, IOException e) {
                        return FileVisitResult.CONTINUE; // unreadable: skipped, as find(1) goes on
                    }
                });
        if (Thread.interrupted()) {
            throw new InterruptedException("file.find stopped");
        }
        if (found.size() > MAX_RESULTS) {
            throw new FunctionException("file.find: more than " + MAX_RESULTS + " matches under " + start
                    + "; narrow the search with name, type or maxdepth");
        }
        found.sort(null);
        return found;
    }

    /** World-readable and world-searchable: a folder any local user may list. */
    private static boolean listable(Path dir) {
        try {
            var perms = Files.getPosixFilePermissions(dir, java.nio.file.LinkOption.NOFOLLOW_LINKS);
            return perms.contains(java.nio.file.attribute.PosixFilePermission.OTHERS_READ)
                    && perms.contains(java.nio.file.attribute.PosixFilePermission.OTHERS_EXECUTE);
        } catch (IOException e) {
            return false;
        }
    }
}
