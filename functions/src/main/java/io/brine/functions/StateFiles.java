package io.brine.functions;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Where the engine reads the state tree (sls files, top.sls) and fetches {@code brine://} sources.
 *
 * <p>The minion implements it by fetching from the master's file server (caching by hash); tests and
 * local runs use {@code io.brine.states.DirectoryStateFiles} (a module downstream of this one). Paths are
 * relative and '/'-separated, e.g.
 * {@code "common/users.sls"} or {@code "nginx/nginx.conf"}.
 *
 * <pre>{@code
 * StateFiles files = new DirectoryStateFiles(List.of(Path.of("/srv/brine")));
 * Optional<String> top = files.readText("top.sls");
 * }</pre>
 */
public interface StateFiles {
    /**
     * The state tree as {@code master} serves it (what a job running on a minion reads): sls files and
     * {@code brine://} sources fetched from its file roots, cached by content hash.
     */
    static StateFiles ofMaster(MasterLink master) {
        return new MasterStateFiles(master);
    }

    /** The file's text (UTF-8), or empty when no root holds it. */
    Optional<String> readText(String relativePath) throws IOException;

    /** A local file holding the content, or empty when no root holds it. */
    Optional<Path> fetch(String relativePath) throws IOException;

    /**
     * Everything below a directory of the tree ({@code file.recurse}'s source), as paths relative to that
     * directory, sorted, '/'-separated, directories with a trailing '/'; merged over the roots as {@link #fetch}
     * would pick them. Empty when no root holds the directory. A tree that cannot be listed says so.
     */
    default Optional<List<String>> list(String relativeDir) throws IOException {
        throw new IOException("this state tree cannot list the directory " + relativeDir);
    }

    /**
     * Salt's {@code cp.list_master(saltenv, prefix)} and {@code cp.list_master_dirs(saltenv, prefix)}: the files, or
     * the directories, of the tree whose path starts with {@code prefix}, relative to the tree and '/'-separated.
     * Only the deepest directory the prefix names is listed, so a big tree need not be walked whole.
     */
    default List<String> listUnder(String prefix, boolean directories) throws IOException {
        String base = prefix.contains("/") ? prefix.substring(0, prefix.lastIndexOf('/')) : "";
        List<String> out = new java.util.ArrayList<>();
        for (String entry : list(base.isEmpty() ? "." : base).orElse(List.of())) {
            boolean isDir = entry.endsWith("/");
            String path = (base.isEmpty() ? "" : base + "/") + (isDir ? entry.substring(0, entry.length() - 1) : entry);
            if (isDir == directories && path.startsWith(prefix)) {
                out.add(path);
            }
        }
        return out;
    }
}
