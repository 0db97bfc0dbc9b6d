package io.brine.functions;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
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
 * @param commands  the minion's command runner, bounded by this job's deadline: commands are killed with the job
 * @param inTemplate whether the calls are a template's ({@code salt[...]}), whose read-only file probes reach as
 *                  {@link MinionControl#templateFileProbes} says
 */
public record FunctionContext(String minionId, String jid, Map<String, Object> grains, MasterLink master,
        Instant deadline, FunctionCatalog catalog, Path cacheDir, MinionControl minion, FunctionPolicy policy,
        CommandRunner commands, boolean inTemplate) {

    /** A job's own context: not on behalf of a template. */
    public FunctionContext(String minionId, String jid, Map<String, Object> grains, MasterLink master,
            Instant deadline, FunctionCatalog catalog, Path cacheDir, MinionControl minion, FunctionPolicy policy,
            CommandRunner commands) {
        this(minionId, jid, grains, master, deadline, catalog, cacheDir, minion, policy, commands, false);
    }

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
        Objects.requireNonNull(commands, "commands");
    }

    /** A context whose minion runs every function and command (tests, tools). */
    public FunctionContext(String minionId, String jid, Map<String, Object> grains, MasterLink master,
            Instant deadline, FunctionCatalog catalog, Path cacheDir, MinionControl minion) {
        this(minionId, jid, grains, master, deadline, catalog, cacheDir, minion, FunctionPolicy.ALLOW_ALL,
                new ProcessRunner(System.getLogger("io.brine.functions")).until(deadline));
    }

    /**
     * Runs another execution function within this job, as Salt's {@code __salt__}: looked up in the catalog,
     * refused if the minion's policy refuses it, its arguments bound and checked, under this job's deadline.
     */
    public FunctionResult call(String function, List<Object> args, Map<String, Object> kwargs)
            throws FunctionException, InterruptedException {
        java.util.Optional<String> refused = policy.functionRefusal(function);
        if (refused.isPresent()) {
            throw new FunctionException(refused.get(), 77);
        }
        ExecutionFunction f = catalog.find(function).orElseThrow(
                () -> new FunctionException("'" + function + "' is not available on this minion"));
        Arguments bound = Arguments.bind(function, f.params(), args == null ? List.of() : args,
                kwargs == null ? Map.of() : kwargs, f.acceptsExtraKeywords());
        Object ret;
        try {
            ret = f.call(this, bound);
        } catch (FunctionException | InterruptedException e) {
            throw e;
        } catch (Exception e) {
            throw new FunctionException(function + ": " + e);
        }
        return ret instanceof FunctionResult r ? r : new FunctionResult(ret, 0);
    }

    /** This job's context for the calls its templates make ({@code salt[...]}). */
    public FunctionContext forTemplates() {
        return new FunctionContext(minionId, jid, grains, master, deadline, catalog, cacheDir, minion, policy, commands,
                true);
    }

    /** How far this call's read-only file probes reach: a template's as the minion says, a job's confined. */
    public FileProbes fileProbes() {
        return inTemplate ? minion.templateFileProbes() : FileProbes.CONFINED;
    }

    /** {@link #call} as a {@link FunctionCaller}, for a state engine run by this job. */
    public FunctionCaller functions() {
        return this::call;
    }
}
