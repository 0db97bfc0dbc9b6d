package io.brine.modules.file;

import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * The minion's {@code file_roots_allowed} applied to a path from a job. The path is normalised, the deepest
 * part of it that exists is resolved to its real location (following every symbolic link), the rest is
 * appended, and the result must lie inside one of the allowed directories (themselves resolved). Functions
 * then work on that resolved path, never on the string they were given, so neither {@code ..} nor a link
 * can lead them anywhere else.
 */
final class AllowedPaths {
    private final List<Path> roots;
    /** Paths never resolved to, whatever the roots (a template's probes: the minion's keys). */
    private final List<Path> secret;
    private final boolean probing;

    AllowedPaths(List<Path> roots) {
        this(roots, List.of(), false);
    }

    private AllowedPaths(List<Path> roots, List<Path> secret, boolean probing) {
        this.roots = List.copyOf(roots);
        this.secret = List.copyOf(secret);
        this.probing = probing;
    }

    static AllowedPaths of(FunctionContext context) {
        return new AllowedPaths(context.minion().fileRootsAllowed());
    }

    /**
     * For the read-only probes (file_exists, directory_exists, stat, find): a template's reach where the minion lets
     * templates probe ({@link FunctionContext#fileProbes}), the whole file system but the minion's keys; else a
     * job's, {@code file_roots_allowed}.
     */
    static AllowedPaths forProbes(FunctionContext context) {
        io.brine.functions.FileProbes probes = context.fileProbes();
        return probes.open() ? new AllowedPaths(List.of(Path.of("/")), probes.secret(), true) : of(context);
    }

    /** Whether this is a template's probe of the whole file system (find then lists world-readable folders only). */
    boolean probing() {
        return probing;
    }

    /** Whether {@code real} is one of the paths never probed, or under one. */
    boolean secret(Path real) {
        return WorldReadable.isSecret(real, secret);
    }

    /** The real location of an existing file or directory inside the allowed directories. */
    Path existing(String path) throws FunctionException {
        Path real = resolve(path);
        if (!Files.exists(real, LinkOption.NOFOLLOW_LINKS)) {
            throw new FunctionException("no such file: " + path);
        }
        return real;
    }

    /**
     * The real location a file at {@code path} would be written to; it and its parent folders need not exist,
     * but whatever does exist on the way must resolve inside the allowed directories.
     */
    Path resolve(String path) throws FunctionException {
        Path p = absolute(path).normalize();
        Deque<Path> missing = new ArrayDeque<>();
        Path existing = p;
        while (existing != null && !Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
            missing.push(existing.getFileName());
            existing = existing.getParent();
        }
        Path real;
        try {
            real = existing == null ? p.getRoot() : existing.toRealPath();
        } catch (IOException e) {
            throw refused(path, "a symbolic link on the way leads nowhere");
        }
        while (!missing.isEmpty()) {
            real = real.resolve(missing.pop());
        }
        WorldReadable.refuseSecret(path, real, secret);
        for (Path root : realRoots()) {
            if (real.startsWith(root)) {
                return real;
            }
        }
        throw refused(path, "it is outside file_roots_allowed " + roots);
    }

    private List<Path> realRoots() {
        List<Path> out = new ArrayList<>();
        for (Path root : roots) {
            try {
                out.add(root.toRealPath());
            } catch (IOException e) {
                // an allowed directory that does not exist allows nothing
            }
        }
        return out;
    }

    static Path absolute(String path) throws FunctionException {
        if (path == null || path.isBlank() || path.indexOf('\0') >= 0) {
            throw new FunctionException("refused: '" + path + "' is not a path");
        }
        try {
            Path p = Path.of(path);
            if (!p.isAbsolute()) {
                throw refused(path, "only absolute paths are accepted");
            }
            return p;
        } catch (InvalidPathException e) {
            throw refused(path, e.getReason());
        }
    }

    private static FunctionException refused(String path, String why) {
        return new FunctionException("refused: '" + path + "': " + why);
    }
}
