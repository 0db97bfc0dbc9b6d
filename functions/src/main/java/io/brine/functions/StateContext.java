package io.brine.functions;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Everything a state function may use, passed in rather than reached through globals.
 *
 * @param test when true the function must not change anything
 * @param files the state tree, for {@code brine://} sources
 * @param templates the sandboxed Jinja renderer that already knows grains, pillar and the minion id
 * @param commands how to run programs (output captured, timeouts, {@code runas})
 * @param backupDir where {@code file.managed} keeps replaced files when asked to back them up
 * @param policy what this minion agrees to run: the engine asks it before each state acts (see
 *     {@link StateFunction#effects})
 * @param pending in test mode, what earlier states of this run would do (see {@link PendingStates})
 * @param run the state being applied and what the states of this run share (see {@link StateRun})
 * @param functions execution functions, for states that compose them ({@code pkg.installed} calls
 *     {@code pkg.install}), as Salt's states call {@code __salt__}
 */
public record StateContext(boolean test,
                                                      String minionId,
                                                      Map<String, Object> grains,
                                                      Map<String, Object> pillar,
                                                      StateFiles files,
                                                      Templates templates,
                                                      CommandRunner commands,
                                                      System.Logger log,
                                                      Path backupDir,
                                                      FunctionPolicy policy,
                                                      FunctionCaller functions,
                           PendingStates pending,
                           StateRun run) {
    public StateContext {
        Objects.requireNonNull(minionId, "minionId");
        Objects.requireNonNull(files, "files");
        Objects.requireNonNull(templates, "templates");
        Objects.requireNonNull(commands, "commands");
        Objects.requireNonNull(log, "log");
        Objects.requireNonNull(backupDir, "backupDir");
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(functions, "functions");
        Objects.requireNonNull(pending, "pending");
        Objects.requireNonNull(run, "run");
        // not Map.copyOf: grains and pillar may legitimately hold nulls
        grains = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(grains));
        pillar = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(pillar));
    }

    /** A context in which every command may run. */
    public StateContext(boolean test, String minionId, Map<String, Object> grains, Map<String, Object> pillar,
            StateFiles files, Templates templates, CommandRunner commands, System.Logger log, Path backupDir) {
        this(test, minionId, grains, pillar, files, templates, commands, log, backupDir, FunctionPolicy.ALLOW_ALL,
                FunctionCaller.NONE, PendingStates.NONE, StateRun.NONE);
    }

    /** The same context in test mode, used to ask a state what it would do (for {@code prereq}). */
    public StateContext asTest() {
        return new StateContext(true, minionId, grains, pillar, files, templates, commands, log, backupDir,
                policy, functions, pending, run);
    }

    /** The same context, answering {@link #pending()} from this run's ledger. */
    public StateContext withPending(PendingStates ledger) {
        return new StateContext(test, minionId, grains, pillar, files, templates, commands, log, backupDir,
                policy, functions, ledger, run);
    }

    /** The same context, applying the state {@code state} describes. */
    public StateContext withRun(StateRun state) {
        return new StateContext(test, minionId, grains, pillar, files, templates, commands, log, backupDir,
                policy, functions, pending, state);
    }

    /** Calls an execution function with keyword arguments: {@code ctx.call("pkg.install", Map.of("name", "curl"))}. */
    public FunctionResult call(String function, Map<String, Object> kwargs)
            throws FunctionException, InterruptedException {
        return functions.call(function, List.of(), kwargs);
    }

    /** A grain as a string, or "" when absent. */
    public String grain(String key) {
        Object value = grains.get(key);
        return value == null ? "" : value.toString();
    }
}
