package io.brine.states.internal.runtime;

import io.brine.functions.StateRun;
import io.brine.states.internal.compiler.Chunk;
import io.brine.states.internal.compiler.Plan;
import io.brine.states.internal.compiler.RequisiteKind;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/** One chunk's view of its run: its ID and sls, the states requiring or watching it, the run's shared values. */
final class ChunkRun implements StateRun {
    private static final Set<RequisiteKind> DEPENDING = Set.of(RequisiteKind.REQUIRE, RequisiteKind.WATCH);

    private final Chunk chunk;
    private final Plan plan;
    private final Map<Class<?>, Object> shared;

    /** {@code shared} belongs to the whole run: every chunk of it gets the same map. */
    ChunkRun(Chunk chunk, Plan plan, Map<Class<?>, Object> shared) {
        this.chunk = chunk;
        this.plan = plan;
        this.shared = shared;
    }

    @Override
    public String id() {
        return chunk.id();
    }

    @Override
    public String sls() {
        return chunk.sls();
    }

    @Override
    public List<String> dependents(String module) {
        return plan.ordered().stream()
                .filter(c -> c.module().equals(module))
                .filter(c -> plan.edgesOf(c).stream().anyMatch(e -> e.target() == chunk && DEPENDING.contains(e.kind().base())))
                .map(Chunk::id)
                .distinct()
                .toList();
    }

    @Override
    public List<String> requiredNames(String module) {
        return plan.edgesOf(chunk).stream()
                .filter(e -> e.kind().base() == RequisiteKind.REQUIRE && e.target().module().equals(module))
                .map(e -> e.target().name())
                .distinct()
                .toList();
    }

    @Override
    public <T> T shared(Class<T> kind, Supplier<T> fresh) {
        return kind.cast(shared.computeIfAbsent(kind, k -> fresh.get()));
    }
}
