package io.brine.targeting;

import java.util.Map;
import java.util.Objects;

/**
 * What the master knows of a minion for targeting, from its grains and pillar cache. A null {@code grains} or
 * {@code pillar} means unknown (never reported, or the cache was lost), which is different from empty: terms
 * that read an unknown map evaluate to {@link Match#UNKNOWN} instead of silently failing to match.
 *
 * <p>The maps are not copied, because the master matches thousands of minions per call; treat them as
 * read-only. Example: {@code new MinionFacts("web1", Map.of("os", "Debian"), null)}.
 */
public record MinionFacts(String id, Map<String, Object> grains, Map<String, Object> pillar) {

    public MinionFacts {
        Objects.requireNonNull(id, "id");
    }

    /** A minion of which only the id is known. */
    public static MinionFacts idOnly(String id) {
        return new MinionFacts(id, null, null);
    }
}
