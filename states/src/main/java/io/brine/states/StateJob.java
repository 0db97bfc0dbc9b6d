package io.brine.states;

import io.brine.functions.StateFiles;
import io.brine.functions.CommandRunner;
import io.brine.functions.FunctionCaller;
import io.brine.functions.FunctionPolicy;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One request to the engine: which sls to apply, where to read them, and the minion's data.
 *
 * <pre>{@code
 * StateJob job = new StateJob(List.of("nginx"), files, "web1", grains, pillar, false, runner);
 * }</pre>
 *
 * @param sls dotted sls names; empty means highstate, i.e. what {@code top.sls} assigns to this minion
 * @param test when true nothing is changed; states report what they would do with result {@code null}
 * @param policy what the minion agrees to run (its allow-lists), asked before each state acts
 * @param allowUndefined Salt's {@code allow_undefined}: undefined template values render empty instead of failing
 * @param commands how states run programs: the minion's runner, bounded by the job's deadline
 * @param functions execution functions states may call (the minion's, within the same job)
 * @param templateFunctions what templates' {@code salt[...]} calls: the same functions, on a template's behalf
 *     (their read-only file probes reach further where the guest owner allows it)
 */
public record StateJob(List<String> sls,
                                              StateFiles files,
                                              String minionId,
                                              Map<String, Object> grains,
                                              Map<String, Object> pillar,
                                              boolean test,
                                              FunctionPolicy policy,
                                              boolean allowUndefined,
                                              CommandRunner commands,
                                              FunctionCaller functions,
                                              FunctionCaller templateFunctions) {
    public StateJob {
        sls = List.copyOf(Objects.requireNonNullElse(sls, List.of()));
        Objects.requireNonNull(files, "files");
        Objects.requireNonNull(minionId, "minionId");
        grains = grains == null ? Map.of() : grains;
        pillar = pillar == null ? Map.of() : pillar;
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(commands, "commands");
        Objects.requireNonNull(functions, "functions");
        Objects.requireNonNull(templateFunctions, "templateFunctions");
    }

    /** A job whose templates call the same functions as its states. */
    public StateJob(List<String> sls, StateFiles files, String minionId, Map<String, Object> grains,
            Map<String, Object> pillar, boolean test, FunctionPolicy policy, boolean allowUndefined,
            CommandRunner commands, FunctionCaller functions) {
        this(sls, files, minionId, grains, pillar, test, policy, allowUndefined, commands, functions, functions);
    }

    /**
     * A job whose states may run any command, through {@code commands}, and call no execution function: for
     * tests and for an engine used without a minion.
     */
    public StateJob(List<String> sls, StateFiles files, String minionId, Map<String, Object> grains,
            Map<String, Object> pillar, boolean test, CommandRunner commands) {
        this(sls, files, minionId, grains, pillar, test, FunctionPolicy.ALLOW_ALL, false, commands, FunctionCaller.NONE);
    }
}
