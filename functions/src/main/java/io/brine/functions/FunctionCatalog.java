package io.brine.functions;

import java.util.Optional;
import java.util.SortedSet;

/** Read-only view of the functions registered on a minion, of both kinds. */
public interface FunctionCatalog {
    /** An execution function by its full name, {@code cmd.run}. */
    Optional<ExecutionFunction> find(String name);

    /** Execution function names, sorted. */
    SortedSet<String> names();

    /** A state function by its full name, {@code pkg.installed}. */
    Optional<StateFunction> state(String name);

    /** State function names, sorted. */
    SortedSet<String> stateNames();
}
