package io.brine.functions;

import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * One state function, such as {@code managed} in {@code file.managed}. It composes effects on the
 * machine into an idempotent "make it so" and reports precisely what it changed.
 *
 * <p>Arguments are declared by {@link #params()}, so a state file with a missing, unknown or
 * ill-typed argument is rejected at compile time, with file and line, before any state runs. The
 * engine handles {@code name}, {@code names}, {@code order}, {@code failhard} and every requisite
 * itself; functions never see them except {@code name}, which is always present in {@link Arguments}.
 *
 * <p>In test mode ({@link StateContext#test()}) a function must not change anything: it returns
 * {@link StateResult#pending} with the changes it would make, or a {@code true} result when there
 * is nothing to do.
 */
public interface StateFunction {
    /** The function part of {@code module.function}. */
    String name();

    /** The arguments this function accepts besides {@code name}. */
    List<Param> params();

    /**
     * True for a state that takes arguments it cannot declare ({@code module.run}: whatever the function it calls
     * takes); undeclared arguments then reach it as they were written, in {@link Arguments#raw}.
     */
    default boolean acceptsExtraArguments() {
        return false;
    }

    /** One or two sentences for {@code sys.state_doc}. */
    default String doc() {
        return "";
    }

    /**
     * What a call with these arguments would set going besides its own changes: the command lines it would run now
     * or install to run later, changes to how commands run, execution functions it calls. The engine has the
     * minion's {@link FunctionPolicy} judge them before anything of the state runs, in test mode too, and refuses
     * the state as a failed result naming the rule. A state that runs or installs a command taken from its
     * arguments must declare it here; one that only edits files, packages or accounts declares none (the default).
     * Arguments that do not parse may be left out: the state fails on them anyway.
     */
    default List<Effect> effects(Arguments args) {
        return List.of();
    }

    /** Brings the machine to the declared state. Exceptions become a failed result naming them. */
    StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException;

    /**
     * What a {@code watch} requisite triggers (a service restart, say) when a watched state changed
     * and this state itself changed nothing. Empty means {@code watch} acts like {@code require}.
     */
    default Optional<StateResult> onWatch(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        return Optional.empty();
    }
}
