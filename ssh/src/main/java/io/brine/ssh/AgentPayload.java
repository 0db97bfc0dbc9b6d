package io.brine.ssh;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a roster host needs to run a function that a shell alone cannot: Brine's minion jar, the master's state tree
 * (its {@code file_roots}, copied whole for the one run), and the pillar the master compiled for that host. The
 * states are rendered there, by the jar, with the host's own grains (and the roster's grains over them), as a
 * minion renders them.
 *
 * @param jar       the minion jar
 * @param fileRoots the master's {@code file_roots} for {@code base}, in order
 * @param pillar    the host's pillar, as the master compiled it
 * @param withheld  the real paths the master never hands out (its keys, its cache), whatever a root holds
 */
public record AgentPayload(AgentJar jar, List<Path> fileRoots, Map<String, Object> pillar,
        java.util.function.Predicate<Path> withheld) {
    public AgentPayload {
        Objects.requireNonNull(jar, "jar");
        Objects.requireNonNull(withheld, "withheld");
        fileRoots = List.copyOf(fileRoots);
        // not Map.copyOf: a pillar key may be set to nothing (null)
        pillar = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(pillar));
    }
}
