package io.brine.master.internal;

import io.brine.config.PrivateFiles;
import io.brine.protocol.MinionId;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where the master keeps the files minions pushed ({@code cp.push}), as Salt does:
 * {@code cachedir/minions/ID/files/PATH}, PATH being the minion's absolute path without its leading slash.
 * The id comes from the minion's authenticated session and the path from the minion, so the path is never
 * trusted: {@code ..} segments are refused, and so is anything a symbolic link would lead out of the
 * minion's own folder.
 *
 * <p>Example: {@code PushedFiles.locate(config.cacheDir(), "web1", "/var/log/syslog")} is
 * {@code cachedir/minions/web1/files/var/log/syslog}.
 */
public final class PushedFiles {
    /** The longest path a minion may push to. */
    static final int MAX_PATH = 4096;

    private PushedFiles() {
    }

    /** The folder holding everything {@code minionId} pushed. */
    public static Path folder(Path cacheDir, String minionId) {
        return cacheDir.resolve("minions").resolve(MinionId.requireValid(minionId)).resolve("files");
    }

    /**
     * The stored location of {@code path} pushed by {@code minionId}; throws naming the path if it would leave
     * the minion's folder. The location need not exist.
     */
    public static Path locate(Path cacheDir, String minionId, String path) throws IOException {
        Path base = folder(cacheDir, minionId);
        Path candidate = base;
        for (String segment : segments(path)) {
            candidate = candidate.resolve(segment);
        }
        if (candidate.equals(base)) {
            throw new IllegalArgumentException("pushed path " + shown(path) + " names no file");
        }
        PrivateFiles.directory(base);
        Path existing = candidate;
        while (!Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
            existing = existing.getParent();
        }
        // What exists must resolve inside the folder; what does not exist yet cannot be a link.
        if (!existing.toRealPath().startsWith(base.toRealPath())) {
            throw new IllegalArgumentException("pushed path " + shown(path) + " leaves " + base);
        }
        return candidate;
    }

    private static String[] segments(String path) {
        if (path == null || path.isEmpty() || path.length() > MAX_PATH || path.contains("\0")
                || path.contains("\\")) {
            throw new IllegalArgumentException("pushed path " + shown(path) + " is not a plain path");
        }
        String trimmed = path.replaceAll("^/+", "");
        java.util.List<String> out = new java.util.ArrayList<>();
        for (String segment : trimmed.split("/+")) {
            if (segment.equals("..")) {
                throw new IllegalArgumentException("pushed path " + shown(path) + " leaves "
                        + "the minion's folder");
            }
            if (!segment.isEmpty() && !segment.equals(".")) {
                out.add(segment);
            }
        }
        return out.toArray(String[]::new);
    }

    /**
     * The file {@code path} names as a minion pushes it: absolute and normalised ({@code /srv/./a/../b} is
     * {@code /srv/b}), so the path a {@code cp.push} job asked for and the pushes of it compare equal; empty for
     * anything the minion would not push (relative, not a path).
     */
    public static Optional<String> asPushed(String path) {
        if (path == null || path.indexOf('\0') >= 0) {
            return Optional.empty();
        }
        try {
            Path p = Path.of(path);
            return p.isAbsolute() ? Optional.of(p.normalize().toString()) : Optional.empty();
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
    }

    /** A path from a minion as it may appear in a message: quoted, control characters replaced, bounded. */
    public static String shown(String path) {
        String s = String.valueOf(path).replaceAll("\\p{Cntrl}", "?");
        return "'" + (s.length() > 200 ? s.substring(0, 200) + "..." : s) + "'";
    }
}
