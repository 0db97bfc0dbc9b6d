package io.brine.minion.function;

import java.util.Optional;
import java.util.SortedSet;

/** Read-only view of the functions registered on a minion. */
public interface FunctionCatalog {
    Optional<Function> find(String name);

    SortedSet<String> names();
}
