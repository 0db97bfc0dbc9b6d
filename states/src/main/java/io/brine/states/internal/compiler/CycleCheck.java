package io.brine.states.internal.compiler;

import io.brine.states.internal.compiler.Plan.Edge;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Refuses a plan whose requisites form a cycle, naming every ID on it. Salt reports these at run
 * time as "Recursive requisite found"; catching them before anything runs means no half-applied
 * state tree.
 */
final class CycleCheck {
    private enum Mark { VISITING, DONE }

    private final Plan plan;
    private final Map<Chunk, Mark> marks = new IdentityHashMap<>();
    private final List<Chunk> path = new ArrayList<>();

    private CycleCheck(Plan plan) {
        this.plan = plan;
    }

    static void check(Plan plan) throws CompileException {
        CycleCheck check = new CycleCheck(plan);
        for (Chunk chunk : plan.ordered()) {
            check.visit(chunk);
        }
    }

    /** What must run before {@code chunk}: its requisites, and the states that prereq it. */
    private List<Chunk> before(Chunk chunk) {
        List<Chunk> out = new ArrayList<>();
        for (Edge e : plan.edgesOf(chunk)) {
            if (e.kind().orders()) {
                out.add(e.target());
            }
        }
        out.addAll(plan.prereqsOn(chunk));
        return out;
    }

    private void visit(Chunk chunk) throws CompileException {
        Mark mark = marks.get(chunk);
        if (mark == Mark.DONE) {
            return;
        }
        if (mark == Mark.VISITING) {
            throw new CompileException(List.of(describe(path.subList(path.indexOf(chunk), path.size()), chunk)));
        }
        marks.put(chunk, Mark.VISITING);
        path.add(chunk);
        for (Chunk dep : before(chunk)) {
            visit(dep);
        }
        path.remove(path.size() - 1);
        marks.put(chunk, Mark.DONE);
    }

    private static String describe(List<Chunk> cycle, Chunk closing) {
        StringBuilder text = new StringBuilder(CompileException.where(cycle.get(0).file(), cycle.get(0).line()))
                .append("requisite cycle: ");
        for (Chunk c : cycle) {
            text.append("'").append(c.id()).append("' (").append(c.where()).append(") requires ");
        }
        return text.append("'").append(closing.id()).append("'").toString();
    }
}
