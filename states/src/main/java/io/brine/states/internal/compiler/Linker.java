package io.brine.states.internal.compiler;

import io.brine.states.internal.compiler.Chunk.RequisiteRef;
import io.brine.states.internal.compiler.Plan.Edge;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Resolves requisites to chunks and sorts the plan. As in Salt, a requisite matches a state by ID or by name
 * within the given module, a bare ID (or {@code id: x}) a state of any module by ID or name, and
 * {@code sls: name} every state of that sls file; each target may be a glob ({@code - file: /etc/*}). A
 * requisite that matches nothing is a compile error, not a silent no-op.
 */
final class Linker {
    private Linker() {}

    static Plan link(List<Chunk> chunks) throws CompileException {
        List<String> errors = new ArrayList<>();
        Map<Chunk, List<Edge>> edges = new IdentityHashMap<>();
        for (Chunk chunk : chunks) {
            for (RequisiteRef ref : chunk.requisites()) {
                List<Chunk> targets = chunks.stream().filter(c -> c != chunk && matches(c, ref)).toList();
                if (targets.isEmpty()) {
                    errors.add(CompileException.where(ref.file(), ref.line()) + "requisite '" + describe(ref) + "' of ID '"
                            + chunk.id() + "' points to no state");
                }
                for (Chunk target : targets) {
                    Chunk from = ref.inverse() ? target : chunk;
                    Chunk to = ref.inverse() ? chunk : target;
                    List<Edge> list = edges.computeIfAbsent(from, k -> new ArrayList<>());
                    Edge edge = new Edge(ref.kind(), to);
                    if (!list.contains(edge)) {
                        list.add(edge);
                    }
                }
            }
        }
        if (!errors.isEmpty()) {
            throw new CompileException(errors);
        }
        List<Chunk> ordered = new ArrayList<>(chunks);
        ordered.sort(Comparator.comparingLong(Chunk::orderKey).thenComparingInt(Chunk::index));
        Plan plan = new Plan(List.copyOf(ordered), edges);
        CycleCheck.check(plan);
        return plan;
    }

    private static boolean matches(Chunk c, RequisiteRef ref) {
        if (ref.module() != null && ref.module().equals("sls")) {
            return matches(ref.target(), c.sls());
        }
        boolean anyModule = ref.module() == null || ref.module().equals("id");
        return (anyModule || c.module().equals(ref.module()))
                && (matches(ref.target(), c.id()) || matches(ref.target(), c.name()));
    }

    /** Salt's fnmatch: a target with a glob character is a pattern, any other is compared as it is. */
    private static boolean matches(String target, String value) {
        boolean glob = target.indexOf('*') >= 0 || target.indexOf('?') >= 0 || target.indexOf('[') >= 0;
        return target.equals(value) || glob && Glob.matches(target, value);
    }

    private static String describe(RequisiteRef ref) {
        String kind = ref.kind().keyword() + (ref.inverse() ? "_in" : "");
        return kind + ": " + (ref.module() == null ? ref.target() : ref.module() + ": " + ref.target());
    }
}
