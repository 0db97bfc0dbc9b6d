package io.brine.minion;

import io.brine.config.ConfigFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The minion config's keys for running without a master, as Salt's {@code salt-call --local} reads them:
 * {@code file_client} ({@code remote}, the default, or {@code local}), and {@code file_roots} and
 * {@code pillar_roots} in Salt's shape ({@code {base: [dir, ...]}}; relative directories are taken from the config
 * file's folder). A minion with a master ignores them.
 *
 * <pre>{@code
 * MasterlessConfig local = MasterlessConfig.from(ConfigFile.load(Path.of("/etc/brine/minion.yaml")));
 * local.requireRoots(true, true); // a missing directory is an error naming file_roots or pillar_roots
 * }</pre>
 *
 * @param fileClient  {@code local} makes {@code brine call} run masterless even without {@code --local}
 * @param fileRoots   state files and sources ({@code file_roots}; default {@code /srv/brine/states})
 * @param pillarRoots pillar sources ({@code pillar_roots}; default {@code /srv/brine/pillar})
 * @param origin      the config file, for error messages
 */
public record MasterlessConfig(String fileClient, List<Path> fileRoots, List<Path> pillarRoots, String origin) {
    public static final String LOCAL = "local";

    public MasterlessConfig {
        fileRoots = List.copyOf(fileRoots);
        pillarRoots = List.copyOf(pillarRoots);
    }

    public static MasterlessConfig from(ConfigFile c) {
        String client = c.string("file_client", "remote");
        if (!client.equals("remote") && !client.equals(LOCAL)) {
            throw c.error("file_client", "file_client must be 'remote' or 'local', not '" + client + "'");
        }
        return new MasterlessConfig(client, roots(c, "file_roots", Path.of("/srv/brine/states")),
                roots(c, "pillar_roots", Path.of("/srv/brine/pillar")), c.origin());
    }

    /** Whether {@code file_client: local} is set. */
    public boolean local() {
        return fileClient.equals(LOCAL);
    }

    /**
     * Checks that every root the config names is a directory; a missing default root just means no files or no
     * pillar, so {@code brine call --local test.ping} needs neither. Throws a {@link io.brine.config.ConfigException}
     * naming the key.
     */
    public void requireRoots(boolean fileRootsGiven, boolean pillarRootsGiven) {
        for (Path dir : fileRootsGiven ? fileRoots : List.<Path>of()) {
            if (!Files.isDirectory(dir)) {
                throw new io.brine.config.ConfigException(origin + ": file_roots: " + dir + " is not a directory");
            }
        }
        if (pillarRootsGiven) {
            for (Path dir : pillarRoots) {
                if (!Files.isDirectory(dir)) {
                    throw new io.brine.config.ConfigException(origin + ": pillar_roots: " + dir + " is not a directory");
                }
            }
        }
    }

    private static List<Path> roots(ConfigFile c, String key, Path fallback) {
        if (!c.has(key)) {
            return List.of(fallback);
        }
        Map<String, Object> envs = c.map(key);
        for (String env : envs.keySet()) {
            if (!env.equals("base")) {
                throw c.error(key, "'" + key + "' has environment '" + env + "'; only 'base' is supported");
            }
        }
        if (!(envs.get("base") instanceof List<?> list) || list.isEmpty()) {
            throw c.error(key, "'" + key + "' must map base to a list of directories");
        }
        Path base = c.origin().endsWith(".yaml") || c.origin().endsWith(".yml")
                ? Path.of(c.origin()).toAbsolutePath().getParent() : Path.of("");
        List<Path> out = new ArrayList<>();
        for (Object d : list) {
            out.add(base.resolve(String.valueOf(d)).normalize());
        }
        return out;
    }
}
