package io.brine.states.execution;

import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.FunctionResult;
import io.brine.functions.StateFiles;
import io.brine.states.StateEngine;
import io.brine.states.StateJob;
import io.brine.states.StateOutcome;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What every state.* function shares: one engine, the master's state tree and this minion's pillar
 * (fetched once per job), and Salt's convention that a failed state run returns retcode 2.
 */
final class StateRuns {
    static final int FAILED_STATES = 2;
    /** Salt's retcode for a state run refused because another is going. */
    static final int CONFLICT = 1;

    private final StateRunLock lock = new StateRunLock();

    /** A state run's body, as {@link #locked} runs it. */
    interface Run {
        Object run() throws Exception;
    }

    /**
     * Runs {@code run} holding this minion's state run lock, unless {@code args} say {@code concurrent=True}; with
     * {@code queue=True} it waits for the lock until the job's deadline, else a run going already refuses it.
     */
    Object locked(FunctionContext context, String function, io.brine.functions.Arguments args, Run run)
            throws Exception {
        if (Boolean.TRUE.equals(args.asMap().get("concurrent"))) {
            return run.run();
        }
        if (Boolean.TRUE.equals(args.asMap().get("queue"))) {
            if (!lock.take(context.jid(), function, context.deadline())) {
                return new FunctionResult(List.of("the state run waited its turn (queue=True) until its timeout"),
                        CONFLICT);
            }
        } else {
            java.util.Optional<String> busy = lock.tryTake(context.jid(), function);
            if (busy.isPresent()) {
                return new FunctionResult(List.of(busy.get()), CONFLICT);
            }
        }
        try {
            return run.run();
        } finally {
            lock.release(context.jid());
        }
    }

    StateJob job(FunctionContext context, List<String> sls, boolean test) throws FunctionException {
        return job(context, sls, test, null);
    }

    /** As above, {@code override} (Salt's {@code pillar=}, a mapping or null) merged over the minion's pillar. */
    StateJob job(FunctionContext context, List<String> sls, boolean test, Object override) throws FunctionException {
        Map<String, Object> pillar;
        try {
            pillar = context.master().pillar();
        } catch (IOException e) {
            throw new FunctionException(e.getMessage(), FAILED_STATES);
        }
        if (override instanceof Map<?, ?> extra) {
            pillar = io.brine.states.internal.salt.DeepMerge.into(
                    io.brine.states.internal.salt.DeepMerge.copyMap(pillar), extra, false);
        } else if (override != null) {
            throw new FunctionException("pillar= must be a mapping, not " + override, FAILED_STATES);
        }
        return new StateJob(sls, StateFiles.ofMaster(context.master()), context.minionId(), context.grains(), pillar,
                test, context.policy(), context.minion().allowUndefined(), context.commands(), context.functions(),
                context.forTemplates().functions());
    }

    /** An engine over the job's own catalog: the minion's registry, so states and functions are one set. */
    StateEngine engine(FunctionContext context) {
        return StateEngine.of(context.catalog()).withBackupDir(context.cacheDir().resolve("file_backup"));
    }

    static FunctionResult result(StateOutcome outcome) {
        return new FunctionResult(outcome.ret(), outcome.success() ? 0 : FAILED_STATES);
    }

    /** Salt accepts "a,b", a list, or nothing (highstate). */
    static List<String> mods(Object value) {
        List<String> out = new ArrayList<>();
        if (value instanceof List<?> list) {
            list.forEach(x -> out.add(String.valueOf(x).trim()));
        } else if (value != null) {
            for (String part : value.toString().split(",")) {
                if (!part.isBlank()) {
                    out.add(part.trim());
                }
            }
        }
        return out;
    }
}
