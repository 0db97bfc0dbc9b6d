package io.brine.states.internal.compiler;

import java.util.List;

/**
 * Salt's global state arguments {@code onlyif}, {@code unless} and {@code creates}, which the engine checks for
 * every state whose function does not take them itself (the {@code cmd} states do, running the probes with their
 * own shell, directory and user).
 */
public record StateGuards(List<String> onlyif, List<String> unless, List<String> creates) {
    public static final StateGuards NONE = new StateGuards(List.of(), List.of(), List.of());
    static final List<String> NAMES = List.of("onlyif", "unless", "creates");

    public StateGuards {
        onlyif = List.copyOf(onlyif);
        unless = List.copyOf(unless);
        creates = List.copyOf(creates);
    }

    public boolean isEmpty() {
        return onlyif.isEmpty() && unless.isEmpty() && creates.isEmpty();
    }
}
