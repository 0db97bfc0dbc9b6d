package io.brine.states.internal.compiler;

import java.util.List;
import java.util.Map;

/**
 * Compiled states ready to run: sorted by {@code order} then declaration order, with each
 * requisite resolved to the chunks it names. {@code _in} forms are already turned around, so
 * {@link #requisites} always lists what a chunk itself depends on.
 */
public record Plan(List<Chunk> ordered, Map<Chunk, List<Edge>> requisites) {
    /** {@code from} has requisite {@code kind} on {@code target}. */
    public record Edge(RequisiteKind kind, Chunk target) {}

    public List<Edge> edgesOf(Chunk chunk) {
        return requisites.getOrDefault(chunk, List.of());
    }

    /** The chunks that declared {@code prereq} on this one: they must be decided before it runs. */
    public List<Chunk> prereqsOn(Chunk chunk) {
        return ordered.stream()
                .filter(c -> edgesOf(c).stream().anyMatch(e -> e.kind() == RequisiteKind.PREREQ && e.target() == chunk))
                .toList();
    }
}
