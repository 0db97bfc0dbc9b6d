package io.brine.minion.function;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;

/**
 * What a function may know of its surroundings, passed in rather than reached through globals.
 *
 * @param minionId  this minion's id
 * @param jid       the job being run
 * @param grains    facts about this machine, read-only
 * @param master    the master this minion serves: pillar and files, fetched on demand
 * @param deadline  when the job's timeout ends; functions that spawn processes must not outlive it
 * @param catalog   the functions registered on this minion, for sys.* functions
 * @param cacheDir  this minion's cache directory
 * @param minion    the minion itself: grains refresh, running jobs
 * @param policy    what this minion agrees to run; a function that runs commands asks it first
 */
public record FunctionContext(String minionId, String jid, Map<String, Object> grains, MasterLink master,
        Instant deadline, FunctionCatalog catalog, Path cacheDir, MinionControl minion, FunctionPolicy policy) {

    public FunctionContext {
        Objects.requireNonNull(minionId, "minionId");
        Objects.requireNonNull(jid, "jid");
        grains = Map.copyOf(grains);
        Objects.requireNonNull(master, "master");
        Objects.requireNonNull(deadline, "deadline");
        Objects.requireNonNull(catalog, "catalog");
        Objects.requireNonNull(cacheDir, "cacheDir");
        Objects.requireNonNull(minion, "minion");
        Objects.requireNonNull(policy, "policy");
    }

    /** A context whose minion runs every function and command (tests, tools). */
    public FunctionContext(String minionId, String jid, Map<String, Object> grains, MasterLink master,
            Instant deadline, FunctionCatalog catalog, Path cacheDir, MinionControl minion) {
        this(minionId, jid, grains, master, deadline, catalog, cacheDir, minion, FunctionPolicy.ALLOW_ALL);
    }
}
