package io.brine.minion;

import io.brine.config.ConfigFile;
import java.nio.file.Path;
import java.util.List;

/**
 * Where a minion finds its extension modules: executables, each with a manifest beside it, in {@code dirs}
 * ({@code extension_dirs}, by default {@value #DEFAULT_DIR}, which the package creates), and Java jars offering
 * {@link io.brine.functions.FunctionModule}s ({@code extension_jars}, none unless listed). See docs/extensions.md.
 */
public record ExtensionSources(List<Path> dirs, List<Path> jars) {
    public static final String DEFAULT_DIR = "/usr/lib/brine/extensions";
    /** No extensions: what tests and embedded minions start with. */
    public static final ExtensionSources NONE = new ExtensionSources(List.of(), List.of());

    public ExtensionSources {
        dirs = List.copyOf(dirs);
        jars = List.copyOf(jars);
    }

    static ExtensionSources from(ConfigFile c) {
        List<Path> dirs = c.has("extension_dirs") ? absolute(c, "extension_dirs") : List.of(Path.of(DEFAULT_DIR));
        return new ExtensionSources(dirs, c.has("extension_jars") ? absolute(c, "extension_jars") : List.of());
    }

    /** A relative path would mean whatever directory the minion was started from. */
    private static List<Path> absolute(ConfigFile c, String key) {
        List<Path> paths = c.stringList(key).stream().map(Path::of).toList();
        for (Path p : paths) {
            if (!p.isAbsolute()) {
                throw c.error(key, key + " must list absolute paths: " + p);
            }
        }
        return paths;
    }
}
