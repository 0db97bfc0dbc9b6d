package io.brine.minion.function;

import java.util.List;

/**
 * A set of functions registered with the minion through {@link java.util.ServiceLoader}: list the
 * implementing class in {@code META-INF/services/io.brine.minion.function.FunctionModule}. This is the
 * extension API: an extension jar on the minion's class path adds functions, and nothing else can.
 */
public interface FunctionModule {
    List<Function> functions();
}
