package io.brine.functions;

import java.util.List;
import java.util.function.Supplier;

/**
 * The run a state is part of, as far as a state may see it: which state is running (Salt's {@code __low__} ID and
 * sls), which states depend on it, and values the states of one run share. {@code file.accumulated} collects text
 * here for the {@code file.managed} or {@code file.blockreplace} that requires it, as Salt's accumulators do; a
 * new run starts with nothing shared.
 *
 * <pre>{@code
 * Accumulators acc = ctx.run().shared(Accumulators.class, Accumulators::new);
 * if (ctx.run().dependents("file").isEmpty()) return StateResult.failed("Orphaned accumulator ...");
 * }</pre>
 */
public interface StateRun {
    /** Outside a run (a function called on its own): no ID, no dependents, and nothing survives the call. */
    StateRun NONE = new StateRun() {
        @Override
        public String id() {
            return "";
        }

        @Override
        public String sls() {
            return "";
        }

        @Override
        public List<String> dependents(String module) {
            return List.of();
        }

        @Override
        public <T> T shared(Class<T> kind, Supplier<T> fresh) {
            return fresh.get();
        }
    };

    /** The ID of the state being applied. */
    String id();

    /** The sls file it was declared in. */
    String sls();

    /** IDs of the states of {@code module} that require or watch this one (either direction of declaration). */
    List<String> dependents(String module);

    /**
     * Names of the states of {@code module} this one requires ({@code require} here or {@code require_in} there):
     * {@code file.directory}'s {@code clean} keeps the files those states manage, as Salt's does.
     */
    default List<String> requiredNames(String module) {
        return List.of();
    }

    /** The run's one value of this kind, made by {@code fresh} on first use. */
    <T> T shared(Class<T> kind, Supplier<T> fresh);
}
