package io.brine.functions;

import java.util.List;
import java.util.Map;

/** What a function may ask of the minion running it: fresh grains, the jobs it is running, its scheduler. */
public interface MinionControl {
    /** For tests and local runs: grains never change and nothing else runs. */
    MinionControl NONE = new MinionControl() {
        @Override
        public Map<String, Object> refreshGrains() {
            return Map.of();
        }

        @Override
        public List<Map<String, Object>> runningJobs() {
            return List.of();
        }
    };

    /**
     * Collects grains again, tells the master (which targets by them), and returns them.
     *
     * @throws IllegalStateException if they pass what the master takes ({@code ValueBounds.GRAINS}): they are
     *     refreshed here, and the master keeps the last report it took
     */
    Map<String, Object> refreshGrains();

    /**
     * Reads the extension modules again ({@code sys.reload_modules}), tells the master what the minion now runs,
     * and returns what registered ({@code registered}: a line each) and what was refused ({@code refused}).
     *
     * @throws UnsupportedOperationException where nothing can be reloaded (tests, and runs without a minion)
     */
    default Map<String, Object> reloadModules() {
        throw new UnsupportedOperationException("this run has no extension modules to reload");
    }

    /**
     * Receives, checks and installs a signed agent release for job {@code jid} ({@code update.apply}); the minion
     * restarts into it once the job is set aside ({@link #restartNow}), and the new version (or, should it fail,
     * this one) returns the job.
     *
     * @throws FunctionException {@code refused: REASON}, with nothing on disk changed
     */
    default void installUpdate(Map<?, ?> bundle, String signature, boolean allowDowngrade, MasterLink master,
            String jid) throws FunctionException {
        throw new FunctionException("refused: this minion cannot update itself");
    }

    /** Restarts the minion into the version {@link #installUpdate} put on trial (its launcher starts it). */
    default void restartNow() {
    }

    /** The jobs running now, each with its jid, function and start time. */
    List<Map<String, Object>> runningJobs();

    /** {@code host:port} globs that {@code http.query} may reach (minion config {@code http_allow}). */
    default List<String> httpAllow() {
        return List.of();
    }

    /**
     * Directories that file functions may read and write (minion config {@code file_roots_allowed}); paths
     * are normalised and symbolic links resolved before the check, so neither {@code ..} nor a link escapes.
     */
    default List<java.nio.file.Path> fileRootsAllowed() {
        return List.of();
    }

    /**
     * What a template's read-only file probes ({@code salt['file.file_exists']}, {@code directory_exists},
     * {@code stat}, {@code read}, {@code find}) may look at. Where the guest owner has not set
     * {@code file_roots_allowed}, the whole file system, as formulas expect (content only of world-readable
     * files, never under {@link FileProbes#secret}); where they have, the same directories as every file function.
     */
    default FileProbes templateFileProbes() {
        return FileProbes.CONFINED;
    }

    /**
     * Salt's {@code allow_undefined} (minion config): false, the default, makes an undefined value in a template a
     * render error naming file and line; true renders it as empty.
     */
    default boolean allowUndefined() {
        return false;
    }

    /**
     * The minion config's {@code mine_functions} (Salt's shape: a function name, or an alias with
     * {@code mine_function:}, mapped to its arguments); {@code mine.update} merges pillar's over it.
     */
    default Map<String, Object> mineFunctions() {
        return Map.of();
    }

    /**
     * The minion's scheduler, for the {@code schedule.*} functions.
     *
     * @throws UnsupportedOperationException where no scheduler runs (tests, and runs without a minion)
     */
    default ScheduleControl schedule() {
        throw new UnsupportedOperationException("this run has no scheduler");
    }

    /**
     * The master compiled this minion's pillar again ({@code pillar.refresh}): the minion takes what it runs by
     * itself from it (the pillar's {@code schedule} and {@code mine_functions}). Nothing where no minion runs.
     */
    default void pillarRefreshed(Map<String, Object> pillar) {
    }
}
