package io.brine.functions;

import java.util.List;

/**
 * A set of functions registered with the minion through {@link java.util.ServiceLoader}: list the implementing
 * class in {@code META-INF/services/io.brine.functions.FunctionModule}. This is the extension API: an extension
 * jar on the minion's class path adds functions, and nothing else can. A module offers execution functions
 * (named in full, {@code pkg.install}), state functions (named within the module, {@code installed} for
 * {@code pkg.installed}), or both, usually sharing one provider, as Salt's {@code pkg} module and state do.
 *
 * <pre>{@code
 * public final class PkgModule implements FunctionModule {
 *     public String name() { return "pkg"; }
 *     public List<ExecutionFunction> execution() { return List.of(new PkgInstall(), new PkgRemove()); }
 *     public List<StateFunction> states() { return List.of(new PkgInstalled()); }
 * }
 * }</pre>
 */
public interface FunctionModule {
    /** The module's name, {@code pkg}: the module part of its state functions' names, and how it is logged. */
    String name();

    /** Execution functions, each named {@code module.function} in full. */
    default List<ExecutionFunction> execution() {
        return List.of();
    }

    /** State functions, each named by the function part only; the state is {@code name() + "." + f.name()}. */
    default List<StateFunction> states() {
        return List.of();
    }
}
